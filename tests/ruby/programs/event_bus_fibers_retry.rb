# An event bus with pattern-matching handlers, retries, Fiber-based scheduling and ensure
class EventBus
  Event = Data = nil
  def initialize
    @handlers = Hash.new { |h, k| h[k] = [] }
    @log = []
  end
  attr_reader :log

  def on(type, priority: 0, &handler)
    @handlers[type] << [priority, handler]
    @handlers[type].sort_by! { |p, _| -p }
    self
  end

  def emit(type, **payload)
    results = @handlers[type].map do |_, h|
      h.call(payload)
    rescue StandardError => e
      @log << "#{type}: #{e.class}: #{e.message}"
      :failed
    end
    @handlers[:*].each { |_, h| h.call({type: type, **payload}) }
    results
  end
end

bus = EventBus.new
audit = []
bus.on(:*) { |ev| audit << ev[:type] }
bus.on(:order, priority: 1) do |ev|
  case ev
  in {id: Integer => id, items: [_, *] => items} if items.sum { _1[:qty] } > 5
    "bulk order #{id} (#{items.size} lines)"
  in {id: Integer => id, items: []}
    raise ArgumentError, "empty order #{id}"
  in {id:, items:}
    "order #{id}: #{items.map { |i| "#{i[:qty]}x#{i[:sku]}" }.join(', ')}"
  end
end
bus.on(:order) { |ev| "second handler saw #{ev.keys.sort.inspect}" }
bus.on(:user) do |ev|
  case ev
  in {name: String => name, roles: Array => roles} if roles.include?(:admin)
    "admin #{name}"
  in {name: String => name, age: (18..) => age}
    "adult #{name} (#{age})"
  in {name:}
    "user #{name}"
  end
end

p bus.emit(:order, id: 1, items: [{sku: "a", qty: 3}, {sku: "b", qty: 4}])
p bus.emit(:order, id: 2, items: [])
p bus.emit(:order, id: 3, items: [{sku: "z", qty: 1}])
p bus.emit(:order, id: "x", items: nil)
p bus.emit(:user, name: "ann", roles: [:dev, :admin])
p bus.emit(:user, name: "bob", age: 30)
p bus.emit(:user, name: "cy", age: 3)
p bus.emit(:unknown)
puts bus.log
p audit.tally

# Fiber scheduling: round-robin producers
class Scheduler
  def initialize = @queue = []
  def spawn(name, &blk)
    @queue << [name, Fiber.new(&blk)]
  end
  def run
    trace = []
    until @queue.empty?
      name, f = @queue.shift
      v = f.resume
      trace << "#{name}:#{v.inspect}"
      @queue << [name, f] if f.alive?
    end
    trace
  end
end
s = Scheduler.new
s.spawn(:a) { 3.times { |i| Fiber.yield i * 10 }; :done_a }
s.spawn(:b) { Fiber.yield "x"; :done_b }
s.spawn(:c) { :immediate }
puts s.run.join(" ")

# retry with attempt counting and ensure ordering
attempts = 0
order = []
begin
  attempts += 1
  order << "try#{attempts}"
  raise IOError, "flaky" if attempts < 3
  order << "ok"
rescue IOError
  order << "rescue"
  retry
else
  order << "else"
ensure
  order << "ensure"
end
p order

def risky(n)
  yield n
rescue ZeroDivisionError => e
  "rescued #{e.message}"
else
  "fine"
ensure
  puts "ensure #{n}"
end
p risky(1) { |x| 10 / x }
p risky(0) { |x| 10 / x }
e = (raise "outer" rescue $!)
p e.message, e.class, e.backtrace.is_a?(Array)
class AppError < StandardError
  def initialize(msg = "app failed") = super
end
begin
  begin
    raise KeyError, "inner"
  rescue KeyError
    raise AppError
  end
rescue AppError => err
  p [err.message, err.cause.class, err.cause.message]
end
p catch(:found) { [1, 2, 3].each { |x| throw :found, x * 100 if x == 2 }; :none }
x = [1, 2, 3].each_with_index.lazy.map { |v, i| v * i }.select(&:even?).first(2)
p x
p (1..Float::INFINITY).lazy.map { _1 ** 2 }.reject(&:odd?).take(3).to_a
