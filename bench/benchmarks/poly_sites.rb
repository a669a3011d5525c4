# poly_sites: call sites that see several receiver classes: a shape
# list of 2, 4 and 8 classes (with a method each class defines, an
# inherited one, and one from a shared module), plus a site over 12
# classes, more than an inline cache holds.
# Measures: polymorphic inline caches (hits across a few classes) and the
# megamorphic fallback.
# bench-size: 400000
# bench-quick: 5000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 400_000).to_i

module Named
  def label = kind * 2
end

class Shape
  include Named
  def initialize(s) = @s = s
  def scaled(k) = area * k
end

SHAPES = Array.new(12) do |i|
  Class.new(Shape) do
    define_method(:kind) { i + 1 }
    class_eval("def area = @s * #{i + 1}")
  end
end

pools = [2, 4, 8, 12].map { |k| Array.new(24) { |j| SHAPES[j % k].new(j) } }

sum = 0
i = 0
while i < n
  pools.each do |pool|
    pool.each do |s|
      sum += s.area + s.scaled(2) + s.label
    end
  end
  i += 24
end
puts "sum=#{sum}"
