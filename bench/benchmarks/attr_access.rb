# attr_access: attr_reader / attr_writer / attr_accessor calls in a hot loop,
# compared with hand-written getter methods on the same objects.
# Measures: the ivar-get / ivar-set fast paths of inline caches.
# bench-size: 8000000
# bench-quick: 100000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 8_000_000).to_i

class Point
  attr_accessor :x, :y
  attr_reader :z
  attr_writer :w

  def initialize(x, y, z)
    @x = x
    @y = y
    @z = z
    @w = 0
  end

  def w_plain
    @w
  end
end

points = Array.new(8) { |i| Point.new(i, i * 2, i * 3) }
sum = 0
i = 0
while i < n
  pt = points[i & 7]
  pt.x = pt.x + 1
  pt.y = pt.y + pt.z
  pt.w = pt.w_plain + pt.x
  sum += pt.x - pt.y + pt.z
  i += 1
end

points.each_with_index do |pt, j|
  puts "#{j}: x=#{pt.x} y=#{pt.y} z=#{pt.z} w=#{pt.w_plain}"
end
puts "sum=#{sum & 0xffffffff}"
