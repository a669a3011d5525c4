# sort with ties resolved by full keys; sort! vs sort; reverse sorting forms
people = [["bob", 25], ["amy", 31], ["cat", 25], ["dan", 19], ["eve", 31]]
p people.sort_by { |n, a| [a, n] }
p people.sort_by { |n, a| [-a, n] }
p people.sort { |(n1, a1), (n2, a2)| (a2 <=> a1).nonzero? || n1 <=> n2 }
p people.min_by(2) { |n, a| [a, n] }, people.max_by { |n, a| [a, n] }
p people.map(&:last).sort.reverse, people.map(&:first).sort!.first
p people.sum(&:last), people.group_by(&:last).transform_values { _1.map(&:first) }
p people.sort_by(&:first).map(&:first).each_slice(2).to_a
