p %w[a b c].each.with_index(1).to_a, %w[a b c].each_with_index.to_a, %w[a b c].map.with_index(10) { |s, i| "#{s}#{i}" }
p({ a: 1, b: 2 }.each.with_index.map { |(k, v), i| [k, v, i] })
p({ a: 1, b: 2 }.each_with_index.to_a)
e = Enumerator.new { |y| y << 1; y.yield 2, 3; y.yield; :done }
p e.with_index.to_a, e.each_with_index { |x, i| p [x, i] }
p [1, 2, 3].each.with_index(2**62) { |x, i| p i }
p [1, 2].each.with_index(-5).to_a, [1, 2].each.with_index(1.9).to_a
p [4, 5].each_slice(1).with_index.map { |a, i| a + [i] }
r = [1, 2, 3].each.with_index { |x, i| break x * 100 if i == 1 }
p r
p [1, 2, 3].select.with_index { |x, i| i.even? }
p [[1, 2], [3, 4]].each.with_index.map { |(a, b), i| a + b + i }
p %w[x y].each_with_index.map { |s, i| s * (i + 1) }
def gen
  return to_enum(:gen) unless block_given?
  yield 1, 2
  yield [3, 4]
  yield
end
p gen.with_index.to_a, gen.each_with_index.map { |a, i| [a, i] }
l = ->(x, i) { p [:lam, x, i] }
[7, 8].each.with_index(&l)
pr = ([1].each.with_index.to_proc rescue p($!.class))
begin
  [1, 2].each.with_index("x") { }
rescue TypeError => e
  p e.message
end
p [1, 2].each.with_index(nil).to_a, [3].each.with_index.size
x = [1, 2, 3].each.with_index do |v, i|
  next 0 if i == 0
  v
end
p x
class Tree
  include Enumerable
  def initialize(*v) = @v = v
  def each(&b)
    @v.each(&b)
    self
  end
end
p Tree.new(5, 6).each_with_index.to_a, Tree.new(7).each_with_index { |v, i| p [v, i] }.class
p Tree.new(1, 2).each_slice(1).with_index.to_a
p [1, 2].each.with_index { |v| v }, [[1, [2, 3]]].each.with_index.map { |(a, (b, c)), i| [a, b, c, i] }
