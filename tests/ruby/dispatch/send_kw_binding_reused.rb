# One keyword call site calling several methods in turn: each method's
# keyword locals are bound from the same site (values in place, values
# moved, optionals and defaults, a block parameter, a missing required
# keyword or an unknown one raising) and the site keeps working when the
# method behind it is redefined.
class A
  def m(left:, right:) = [:a, left, right]
end

class B
  def m(right:, left:) = [:b, left, right]
end

class C
  def m(left: 1, right: 2, extra: 3) = [:c, left, right, extra]
end

class D
  def m(left:, right:, &blk) = [:d, left, right, blk&.call]
end

class E
  def m(x = :opt, left:, right:) = [:e, x, left, right]
end

class F
  def m(left:) = [:f, left]
end

class G
  def m(left:, right:, must:) = [:g, left, right, must]
end

def call(o, i) = o.m(left: i, right: i * 10)

objs = [A.new, B.new, C.new, D.new, E.new, A.new, B.new]
3.times do |i|
  objs.each { |o| p call(o, i) }
end

[F.new, G.new].each do |o|
  2.times do
    begin
      p call(o, 1)
    rescue ArgumentError => e
      p [o.class, e.message]
    end
  end
end

def call2(o) = o.m(7, left: 1, right: 2)
p call2(E.new)
p call2(E.new)
begin
  call2(A.new)
rescue ArgumentError => e
  p e.message
end

def with_block(o) = o.m(left: :l, right: :r) { :blk }
2.times { p with_block(D.new) }

a = A.new
p call(a, 5)
class A
  def m(right:, left:, mid: :default) = [:a2, left, mid, right]
end
p call(a, 6)
p call(a, 7)
