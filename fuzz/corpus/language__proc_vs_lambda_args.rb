# Argument handling: procs auto-splat and tolerate counts, lambdas are strict
pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
p pr.call(1)
p pr.call(1, 2, 3)
p pr.call([4, 5])
p pr.call([6])
p la.call(1, 2)
begin
  la.call([1, 2])
rescue ArgumentError => e
  puts "lambda: #{e.message}"
end
p [[1, 2], [3, 4]].map { |a, b| a * b }
p [[1, 2], [3, 4]].map(&la) rescue puts "map(&la): #{$!.message}"
one = proc { |a| a }
p one.call(1, 2)
p one.call([1, 2])
p proc { |a, | a }.call([7, 8])
p proc { |*a| a }.call([1, 2])
p proc { |a, (b, c)| [a, b, c] }.call(1, [2, 3])
p lambda { |(a, b)| [a, b] }.call([9, 10])
p proc { |a, k: 1| [a, k] }.call([1, 2])
