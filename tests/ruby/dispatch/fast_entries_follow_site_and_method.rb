# An inline-cache entry may be marked for the fast call path (plain
# arguments matching a bytecode method's required parameters, an
# attr_reader/attr_writer): that mark belongs to one site and one method
# definition. Other sites calling the same method with other arguments,
# and redefinitions or visibility changes while the site is warm, must
# still take the checked path.

class Box
  attr_accessor :v

  def initialize = @v = 0

  def m(a) = a * 10

  def method_missing(name, *args) = [:missing, name, *args]

  def respond_to_missing?(*) = true
end

b = Box.new
call_one = ->(x) { b.m(x) }
call_two = ->(x) { b.m(x, 5) }
call_blk = ->(x) { b.m(x) { :blk } }

3.times { |i| p call_one.(i) }
begin
  call_two.(1)
rescue ArgumentError => e
  puts "two args: #{e.message}"
end
p call_blk.(2)

# optional parameter: the warm fast site now needs argument setup
class Box
  def m(a, b = 7) = a + b
end
3.times { |i| p call_one.(i) }
p call_two.(1)

# back to one required parameter, then a block-yielding method
class Box
  def m(a) = block_given? ? [a, yield] : a
end
3.times { |i| p call_one.(i) }
p call_blk.(3)

# private while warm: the explicit-receiver site goes to method_missing
class Box
  private :m
end
2.times { |i| p call_one.(i) }
class Box
  public :m
end
p call_one.(9)

# attr_reader / attr_writer sites, then the same names privatised and
# replaced by methods
get = -> { b.v }
set = ->(x) { b.v = x }
3.times { |i| set.(i); p get.() }
class Box
  private :v, :v=
end
p get.()
p set.(4)
class Box
  public :v, :v=
  def v = @v * 100
  def v=(x)
    @v = -x
  end
end
set.(3)
p get.()

# keywords and splats at a site whose twin is fast
class Box
  def k(a, b: 2) = [a, b]
  def s(a, b) = [a, b]
end
kw = -> { b.k(1, b: 3) }
fast_s = -> { b.s(1, 2) }
splat_s = ->(arr) { b.s(*arr) }
3.times { p kw.(), fast_s.(), splat_s.([3, 4]) }
begin
  splat_s.([1])
rescue ArgumentError => e
  puts "splat: #{e.message}"
end

# frozen receiver: the attr_writer fast path must still raise
frozen = Box.new
frozen.v = 1
setf = ->(o, x) { o.v = x }
3.times { |i| setf.(Box.new, i) }
frozen.freeze
begin
  setf.(frozen, 2)
rescue => e
  puts "#{e.class}: #{e.message.sub(/0x\h+/, 'XX')}"
end
