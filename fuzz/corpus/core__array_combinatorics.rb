# combination/permutation/product/repeated_combination/each_cons counts
a = [1, 2, 3, 4]
p a.combination(2).to_a
p a.combination(3).count, a.combination(0).to_a, a.combination(5).to_a
p [1, 2, 3].permutation.to_a
p [1, 2, 3].permutation(2).count
p [1, 2].repeated_combination(2).to_a, [1, 2].repeated_permutation(2).to_a
p [1, 2].product([3], [4, 5])
p a.each_cons(3).to_a
p a.combination(2).select { _1.sum == 5 }
p a.combination(2).map { _1.reduce(:*) }.max
p (1..4).to_a.permutation.select { |p| p.each_cons(2).all? { |x, y| (x - y).abs > 1 } }
