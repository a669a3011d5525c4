class C
  include Enumerable
  def initialize(*a) = @a = a
  def each(&b) = @a.each(&b)
end
p C.new(1, 2).map(&:to_s), C.new(3).each_with_index.to_a, C.new(4, 5).each.with_index(1).map { |x, i| x * i }
pr = :upcase.to_proc
p pr.call("a"), pr.arity, pr.lambda?, pr.inspect =~ /&:upcase/ ? :ok : pr.inspect
m = 1.method(:+).to_proc
p m.call(2), m.arity, [1, 2].map(&m)
p %w[a b].each_with_index.map(&:first) rescue p $!.class
def fwd(&b) = [1, 2].map(&b)
p fwd(&:succ), fwd(&1.method(:+))
