# frozen_string_literal: true
require 'delegate'
require 'set'

Vec = Struct.new(:x, :y) do
  def +(o) = Vec.new(x + o.x, y + o.y)
  def -(o) = Vec.new(x - o.x, y - o.y)
  def *(k) = Vec.new(x * k, y * k)
  def cross(o) = x * o.y - y * o.x
  def dot(o) = x * o.x + y * o.y
  def norm = Math.sqrt(dot(self))
  def coerce(n) = [Vec.new(n, n), self]
  def to_s = "(#{x}, #{y})"
  def deconstruct_keys(keys) = { x:, y: }
end

class Polygon
  include Enumerable
  include Comparable
  attr_reader :pts

  def initialize(*pts) = @pts = pts.map { |p| p.is_a?(Vec) ? p : Vec.new(*p) }
  def each(&) = @pts.each(&)
  def edges = @pts.each_cons(2).to_a << [@pts.last, @pts.first]
  def area = edges.sum { |a, b| a.cross(b) }.abs / 2r
  def perimeter = edges.sum { |a, b| (b - a).norm }
  def <=>(o) = area <=> o.area
  def convex?
    signs = edges.each_cons(2).map { |(a, b), (_, c)| (b - a).cross(c - b) <=> 0 }.reject(&:zero?)
    signs.uniq.size <= 1
  end
  def inspect = "#<Polygon #{@pts.map(&:to_s).join(' ')}>"
end

def classify(shape)
  case shape
  in Polygon if shape.count == 3 then "triangle of area #{shape.area}"
  in Polygon => pg if pg.count == 4 && pg.convex? then "convex quad #{pg.area.to_f.round(2)}"
  in Polygon then "polygon with #{shape.count} corners"
  in Vec[x, y] if x == y then "diagonal point #{x}"
  in {x: Integer => x, y: Float => y} then "mixed #{x}/#{y}"
  in Vec then "point"
  in [Integer | Float => a, *rest] then "list starting #{a}, #{rest.size} more"
  in {name: String => name, **nil} then "named #{name}"
  in {name: String => name, **others} then "named #{name} +#{others.keys.sort.join(',')}"
  else "unknown #{shape.class}"
  end
end

tri = Polygon.new([0, 0], [4, 0], [0, 3])
sq = Polygon.new([0, 0], [2, 0], [2, 2], [0, 2])
arrow = Polygon.new([0, 0], [4, 2], [0, 4], [1, 2])
[tri, sq, arrow, Vec.new(2, 2), Vec.new(1, 2.5), Vec.new(1, 2), [1.5, 2, 3], { name: 'x' }, { name: 'y', z: 1, a: 2 }, :sym].each do |s|
  puts classify(s)
end
p [tri, sq, arrow].sort.map(&:area), [tri, sq, arrow].max.area, tri.between?(sq, arrow)
p tri.perimeter, sq.minmax_by(&:x).map(&:to_s), arrow.sort_by { |v| [-v.y, v.x] }.map(&:to_s)
p (Vec.new(1, 2) * 3).to_s
p tri.map(&:x).sum, tri.include?(Vec.new(4, 0)), tri.to_a.size, tri.first(2).map(&:to_s)
p Rational(3, 4) + 0.25, 1/3r * 3, Complex(3, 4).abs, (1 + 2i) * (3 - 1i), 10.fdiv(4), 7.divmod(-2), -7 % 3
p 255.digits(16), 1234.5678.round(-2), 1234.5678.floor(2), 12.3456.ceil(1), 2**100 % 97, Integer.sqrt(99)

class Logged < SimpleDelegator
  def initialize(obj)
    super
    @calls = Hash.new(0)
  end
  def method_missing(name, *args, &blk)
    @calls[name] += 1
    super
  end
  def respond_to_missing?(n, p = false) = super
  attr_reader :calls
end
lp = Logged.new(sq)
p lp.area, lp.count, lp.convex?, lp.calls.sort.to_h, lp.is_a?(Polygon), lp.respond_to?(:perimeter), Logged.ancestors.take(3)
p lp.__getobj__.equal?(sq)

dump = Marshal.dump([tri.pts, { key: :val, 'str' => 1.5 }, Set[1, 2], 2**70, nil, true, 1r / 3])
back = Marshal.load(dump)
p back[0].map(&:to_s), back[1], back[2], back[3], back[4..]
p [1, 2, 3].pack('C*').bytes, 'abc'.unpack('C*'), [65, 66].pack('U*'), ['616263'].pack('H*'), 'hello'.unpack1('a3'), [1, -2].pack('s>l<').bytes
s = 'text'
begin
  s << 'more'
rescue => e
  p e.class, e.message
end
p s.frozen?, "lit#{1}".frozen?, String.new('x').frozen?, :upcase.to_proc.call('str'), %i[a b].to_set.frozen?
wm = ObjectSpace::WeakMap.new
k = 'key'.dup
wm[k] = 42
p wm[k], wm.key?(k), wm.size >= 1
h = Hash.new { |hh, key| hh[key] = key.to_s * 2 }
p h[:ab], h.fetch(:zz, 0), h.to_a, h.default_proc.arity, h.compare_by_identity.compare_by_identity?
