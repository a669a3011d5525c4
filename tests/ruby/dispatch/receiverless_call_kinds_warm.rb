# A call without a receiver (`helper(x)`) is compiled without pushing self.
# The same warm site must follow the method through every kind it can
# become, and argument shapes, blocks and errors must behave as with a
# receiver.

class Widget
  attr_reader :size

  def initialize(size)
    @size = size
  end

  def helper(x)
    x * 2
  end

  def run(x)
    helper(x)
  end

  def run0
    size
  end
end

w = Widget.new(7)
3.times { print w.run(1), " " }
puts

# bytecode -> define_method (bmethod)
Widget.class_eval { define_method(:helper) { |x| x + 100 } }
3.times { print w.run(1), " " }
puts

# -> builtin through alias_method
Widget.class_eval { alias_method :helper, :Array }
3.times { p w.run(1) }

# -> method_missing after remove_method
Widget.class_eval do
  remove_method :helper
  def method_missing(name, *args)
    name == :helper ? [:mm, *args] : super
  end

  def respond_to_missing?(name, priv = false) = name == :helper || super
end
3.times { p w.run(5) }

# -> private bytecode method (a receiverless call may call it)
Widget.class_eval do
  def helper(x) = "private #{x}"
  private :helper
end
3.times { p w.run(2) }
begin
  w.helper(2)
rescue NoMethodError => e
  puts e.message
end

# -> undefined: NoMethodError from the receiverless site
Widget.class_eval { undef_method :helper }
begin
  w.run(3)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message} (name=#{e.name.inspect}, args=#{e.args.inspect})"
end

# attr_reader at a receiverless site, then replaced by a method
3.times { print w.run0, " " }
puts
Widget.class_eval { def size = @size * 10 }
3.times { print w.run0, " " }
puts

# argument shapes through a receiverless call of a bytecode method
def shapes(a, b = :opt, *rest, k: 1, **kw, &blk)
  [a, b, rest, k, kw, blk ? blk.call(a) : nil]
end

def call_shapes
  p shapes(1)
  p shapes(1, 2, 3, 4)
  args = [5, 6, 7]
  p shapes(*args)
  p shapes(1, k: 2, z: 3)
  opts = { k: 9 }
  p shapes(0, **opts)
  p shapes(2) { |v| v * 21 }
  pr = proc { |v| -v }
  p shapes(3, &pr)
  p shapes(4, &:succ)
end
2.times { call_shapes }

# arity errors name the callee, as in CRuby
def two(a, b) = a + b
def call_two(*args) = two(*args)
[[1], [1, 2], [1, 2, 3]].each do |args|
  p call_two(*args)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message} at #{e.backtrace.first[/in `.*'/]}"
end

# break through a receiverless block call returns from it
def each_pair_of(list)
  list.each_slice(2) { |pair| yield pair }
  :finished
end

def find_first_big(list)
  each_pair_of(list) { |a, b| break [a, b] if a + b > 10 }
end
p find_first_big([1, 2, 3, 4, 5, 6, 7, 8])
p find_first_big([1, 2])

# a block literal at a receiverless site sees the caller's self and locals
class Counter
  def initialize = @n = 0
  def twice = yield + yield
  def bump(by) = twice { @n += by }
  attr_reader :n
end
c = Counter.new
p c.bump(3), c.n

# method_missing at top level (receiverless, private self)
def method_missing(name, *args)
  name.to_s.start_with?("dyn_") ? "#{name}:#{args.size}" : super
end
3.times { p dyn_hello(1, 2) }
begin
  no_such_helper
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  no_such_helper(1)
rescue NoMethodError => e
  puts "#{e.class}: #{e.message}"
end

# deep recursion through a receiverless call
def down(n) = n.zero? ? 0 : 1 + down(n - 1)
p down(5000)
def forever(n) = forever(n + 1)
begin
  forever(0)
rescue SystemStackError => e
  puts "SystemStackError: #{e.message}"
end

# the stack stays balanced around receiverless calls in expressions
def id(x) = x
p [id(1), id(2) + id(3), [id(4), *id([5, 6])], { id(:k) => id(:v) }]
