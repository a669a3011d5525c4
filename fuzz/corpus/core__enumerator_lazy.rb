# Lazy enumerators: infinite sources, map/select/reject/take_while/with_index/eager
nat = (1..Float::INFINITY).lazy
p nat.map { _1 * 2 }.select { _1 % 3 == 0 }.first(4)
p nat.reject(&:odd?).take(3).to_a
p nat.take_while { _1 < 5 }.to_a, nat.drop_while { _1 < 5 }.first(2)
p nat.filter_map { _1 * 10 if _1.even? }.first(3)
p nat.each_slice(2).first(2), nat.with_index.map { |x, i| x * i }.first(3)
p nat.zip(nat.map { -_1 }).first(2)
p nat.uniq { _1 % 3 }.first(3), nat.flat_map { [_1, _1] }.first(5)
log = []
l = [1, 2, 3, 4].lazy.map { log << "m#{_1}"; _1 * 2 }.select { log << "s#{_1}"; _1 > 4 }
p l.first
p log
p [3, 4].lazy.map { _1 + 1 }.class, [3, 4].lazy.map { _1 + 1 }.force, (1..3).lazy.eager.map { _1 }.class rescue p $!
p (1..20).lazy.select(&:even?).map { _1 * _1 }.reject { _1 % 3 == 0 }.to_a
