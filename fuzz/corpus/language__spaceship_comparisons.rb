# <=> on builtins and sort stability concerns via sort_by with index
p 1 <=> 2, 2 <=> 1, 1 <=> 1
p "a" <=> "b", "b" <=> "a", "a" <=> "a", "a" <=> 1
p [1, 2] <=> [1, 3], [1, 2] <=> [1], [] <=> []
p nil <=> nil, nil <=> 1
p :a <=> :b
p 1.0 <=> 0.5
p (1..3).to_a <=> [1, 2, 3]
words = %w[pear Apple fig banana apple Fig]
p words.sort
p words.sort_by { [_1.downcase, _1] }
p words.sort { |a, b| [a.size, a] <=> [b.size, b] }
p words.min, words.max
p words.sort_by.with_index { |w, i| [w.downcase, i] }
