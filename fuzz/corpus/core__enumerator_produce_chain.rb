# Enumerator.produce, Enumerator#+ chaining, each_entry, zip with enumerators
p Enumerator.produce(1) { _1 * 2 }.take(8)
p Enumerator.produce([0, 1]) { |a, b| [b, a + b] }.take(6).map(&:first)
collatz = Enumerator.produce(27) { _1.even? ? _1 / 2 : 3 * _1 + 1 }
p collatz.take_while { _1 != 1 }.size
ch = [1, 2].each + [3] + (4..5)
p ch.to_a, ch.class, ch.size
p [1, 2].chain([3]).map { _1 * 10 } rescue p $!
p [1, 2, 3].each.zip([4, 5, 6].each), [1, 2].zip(3..4)
e = [1, 2, 3].each_with_index
p e.next, e.next
ws = %w[a b c].each.with_index(1).map { "#{_2}#{_1}" }
p ws
p (1..3).each_entry.with_object([]).each { |x, acc| acc << x * 2 }
