# The small standard libraries ordinary programs require: base64,
# observer, shellwords, timeout, abbrev, tsort, prime, delegate.
require 'base64'
enc = Base64.encode64("Hello, carmine! " * 3)
puts enc
p Base64.decode64(enc).size, Base64.strict_encode64("hi?>"), Base64.urlsafe_encode64("hi?>"),
  Base64.urlsafe_encode64("a", padding: false), Base64.urlsafe_decode64("YQ"), Base64.strict_decode64("aGk/Pg==")

require 'observer'
class Ticker
  include Observable
  def tick(price)
    changed
    notify_observers(Time.utc(2024, 1, 1), price)
  end
end
class Warner
  def initialize(limit) = @limit = limit
  def update(time, price)
    puts "#{time.year}: price #{price} #{price > @limit ? 'above' : 'below'} #{@limit}"
  end
end
t = Ticker.new
t.add_observer(Warner.new(100))
t.add_observer(Warner.new(50))
t.tick(80)
p t.count_observers, t.changed?
t.notify_observers(:ignored, 1)

require 'shellwords'
p Shellwords.split(%q{one "two three" 'four five' six\ seven "a \"q\" b"})
p "foo bar".shellescape, ["a b", "c'd", ""].shelljoin, "x y".shellsplit
begin
  Shellwords.split('unterminated "quote')
rescue ArgumentError => e
  puts e.message
end

require 'timeout'
p Timeout.timeout(5) { :finished }, Timeout::Error.ancestors.include?(RuntimeError)

require 'abbrev'
p Abbrev.abbrev(%w[car cone]).sort.to_h, %w[ruby rules].abbrev.keys.sort

require 'tsort'
class Deps
  include TSort
  def initialize(h) = @h = h
  def tsort_each_node(&b) = @h.each_key(&b)
  def tsort_each_child(n, &b) = @h.fetch(n, []).each(&b)
end
p Deps.new({ app: [:lib, :log], lib: [:core], log: [:core], core: [] }).tsort
p Deps.new({ a: [:b], b: [:a], c: [] }).strongly_connected_components
begin
  Deps.new({ a: [:b], b: [:a] }).tsort
rescue TSort::Cyclic => e
  puts e.message
end

require 'prime'
p Prime.first(10), Prime.prime?(97), 91.prime?, 360.prime_division, Integer.from_prime_division([[2, 3], [5, 1]])
p Prime.each(30).to_a, Prime.lazy.select { _1 % 4 == 1 }.first(4), Prime.take(3)

require 'delegate'
class Loud < SimpleDelegator
  def to_s = __getobj__.to_s.upcase
end
l = Loud.new("quiet words")
puts l
p l.length, l.split, l.respond_to?(:upcase), l.is_a?(Loud)
class Queue2 < DelegateClass(Array)
  def initialize = super([])
  def enqueue(x) = push(x)
end
q = Queue2.new
q.enqueue(1)
q.enqueue(2)
p q.size, q.first, q.to_a
