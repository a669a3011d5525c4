inf = (0..Float::INFINITY).lazy
p inf.to_enum(:with_index, 10).first(3)
p inf.with_index(10) { |x, i| }.first(2)
p inf.each_slice(2).map { |a| a.first * a.last }.first(4)
p inf.each_with_index.class, inf.cycle(1).class, inf.each_cons(2).first(2)
p (1..3).lazy.size, [1,2,3].lazy.map{}.size, (1..Float::INFINITY).lazy.map { }.take(5).size, (1..10).lazy.drop(3).size, (1..10).lazy.select{}.size
p (1..10).lazy.with_index.size, (1..10).lazy.zip([1]).size, (1..10).lazy.take(20).size
o = Object.new.extend(Enumerable)
def o.each
  yield
  yield 0
  yield 0, 1
  yield 0, 1, 2
end
p o.lazy.select { |x| p x; true }.force
p o.lazy.map { |x, y| [x, y] }.force
p o.lazy.reject { |x| p x; false }.to_a
p o.lazy.take_while { |x| p x; true }.to_a
p o.lazy.chunk { |x| true }.class, o.lazy.slice_before { true }.class, o.lazy.slice_after { true }.first(2)
p [1,2].lazy.chunk_while { _1 + 1 == _2 }.to_a
p Enumerator::Lazy.new(Object.new, 100) {}.to_enum.size, Enumerator::Lazy.new(Object.new, 100) {}.to_enum { 30 }.size
p Enumerator::Lazy.new([1,2], 7) { |y, v| y << v * 2 }.size
c = Enumerator::Chain.allocate
p c.inspect
e = Enumerator::Chain.new([1, 2], [3])
p e.rewind.equal?(e), e.to_a, e.respond_to?(:next)
p Enumerator::Lazy.allocate.inspect
begin; Enumerator::ArithmeticSequence.new; rescue NoMethodError => x; p x.message; end
begin; Enumerator::ArithmeticSequence.allocate; rescue TypeError => x; p x.message; end
g = Enumerator::Generator.new { |y| y << 1 }
p g.send(:initialize) { }.equal?(g)
begin; g.each; rescue LocalJumpError => x; p x.message; end
e = [1, 2, 3].map
p e.next; e.feed :a; p e.next; e.feed :b; p e.next
begin; e.next; rescue StopIteration => x; p x.result; end
e = [1,2].each
e.feed 1
begin; e.feed 2; rescue TypeError => x; p x.message; end
a = []
e = Enumerator.new { |y| a << y.yield(1) ; a << y.yield(2) }
e.next; e.feed(:x); e.next; begin; e.next; rescue StopIteration; end
p a
p (1..3).each_slice(2).lazy.size, (1..3).each_entry.lazy.size
p (1..Float::INFINITY).lazy.zip(1..Float::INFINITY).first(2), [1,2].zip(3..Float::INFINITY)
begin; (1..2).lazy.zip(Object.new); rescue TypeError => x; p x.message; end
p(%i[chunk chunk_while collect collect_concat compact drop drop_while eager enum_for filter filter_map find_all flat_map force grep grep_v lazy map reject select slice_after slice_before slice_when take take_while to_enum uniq with_index zip] - Enumerator::Lazy.instance_methods(false))
