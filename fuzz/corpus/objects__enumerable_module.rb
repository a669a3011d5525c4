# Enumerable via each: map/select/sort/min/max/each_slice/include?/lazy/first
class NumberList
  include Enumerable
  def initialize(*n) = @n = n
  def each
    return enum_for(:each) unless block_given?
    @n.each { |x| yield x }
    self
  end
end
l = NumberList.new(5, 3, 8, 1, 9, 2)
p l.to_a, l.sort, l.min, l.max, l.sum
p l.select(&:odd?), l.reject(&:odd?), l.map { _1 * 2 }
p l.include?(8), l.first, l.first(2), l.count, l.count(&:even?)
p l.sort_by { -_1 }, l.min_by { (_1 - 4).abs }, l.minmax
p l.each_slice(4).to_a, l.each_cons(5).to_a
p l.inject(:+), l.reduce(10) { |a, b| a + b }
p l.partition(&:even?), l.group_by(&:odd?), l.tally
p l.each_with_index.to_a.first(2), l.zip(l.map(&:to_s)).first
p l.find { _1 > 5 }, l.find_index(8), l.take_while { _1 > 2 }
p l.each_entry.to_a.size, l.lazy.map { _1 + 1 }.select(&:even?).to_a
p l.to_set.size rescue p $!.class
p l.chunk_while { _2 == _1 + 1 }.to_a
p l.sum { _1 * 10 }, l.uniq.size, l.each.next
