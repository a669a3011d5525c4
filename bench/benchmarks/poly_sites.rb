# poly_sites: call sites that see several receiver classes. Three loops
# over shapes of 2, 4 and 8 classes, each with its own sites calling a
# method every class defines (`area`), an inherited one whose own call
# on self sees all eight (`scaled`), and a module method calling a
# define_method method (`label` -> `kind`); a fourth loop calls `area`
# on 16 classes, more than an inline cache holds (megamorphic).
# Measures: polymorphic inline caches (hits across a few classes), a
# shared method's site seen by many classes, and the megamorphic path.
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

SHAPES = Array.new(16) do |i|
  Class.new(Shape) do
    define_method(:kind) { i + 1 }
    class_eval("def area = @s * #{i + 1}")
  end
end

def pool(k) = Array.new(48) { |j| SHAPES[j % k].new(j) }

def two(pool)
  t = 0
  pool.each { |s| t += s.area + s.scaled(2) + s.label }
  t
end

def four(pool)
  t = 0
  pool.each { |s| t += s.area + s.scaled(2) + s.label }
  t
end

def eight(pool)
  t = 0
  pool.each { |s| t += s.area + s.scaled(2) + s.label }
  t
end

def sixteen(pool)
  t = 0
  pool.each { |s| t += s.area }
  t
end

p2, p4, p8, p16 = pool(2), pool(4), pool(8), pool(16)
sum = 0
i = 0
while i < n
  sum += two(p2) + four(p4) + eight(p8) + sixteen(p16)
  i += 48
end
puts "sum=#{sum}"
