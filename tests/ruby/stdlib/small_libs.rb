# The real shellwords, tsort, delegate, singleton, observer, abbrev,
# getoptlong-free: each exercised as a user would.
require "shellwords"
p Shellwords.split(%q{a "b c" d\ e 'f g'}), "it's here".shellescape, %w[a b\ c].shelljoin
begin
  Shellwords.split('"unclosed')
rescue ArgumentError => e
  p e.message
end
require "tsort"
class Deps
  include TSort
  def initialize(h) = @h = h
  def tsort_each_node(&b) = @h.each_key(&b)
  def tsort_each_child(n, &b) = @h.fetch(n, []).each(&b)
end
p Deps.new({ 1 => [2, 3], 2 => [3], 3 => [], 4 => [1] }).tsort
p Deps.new({ 1 => [2], 2 => [1], 3 => [] }).strongly_connected_components
begin
  Deps.new({ 1 => [2], 2 => [1] }).tsort
rescue TSort::Cyclic => e
  p e.message
end
require "delegate"
class Loud < SimpleDelegator
  def to_s = __getobj__.to_s.upcase
end
l = Loud.new("abc")
p l.size, l.to_s, l.reverse, l == "abc", l.is_a?(Loud), l.__getobj__
l.__setobj__("xyz")
p l.upcase
Arr = DelegateClass(Array)
class Stack < Arr
  def initialize = super([])
end
st = Stack.new
st.push 1, 2
p st.size, st.last, st.class.ancestors.include?(Delegator)
require "singleton"
class Conf
  include Singleton
  attr_accessor :v
end
Conf.instance.v = 3
p Conf.instance.v, Conf.instance.equal?(Conf.instance)
begin
  Conf.new
rescue NoMethodError => e
  p e.message
end
require "observer"
class Ticker
  include Observable
  def tick(n)
    changed
    notify_observers(:tick, n)
  end
end
class Watcher
  def update(*a) = p(a)
end
tk = Ticker.new
tk.add_observer(Watcher.new)
tk.tick(1)
p tk.count_observers
