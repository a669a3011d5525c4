# Arity and lambda? of procs and lambdas
[
  proc {}, proc { |x| }, proc { |x, y| }, proc { |*x| }, proc { |x, *y| },
  lambda {}, lambda { |x| }, lambda { |x, y = 1| }, lambda { |*x| }, lambda { |x, k:| },
  ->(a, b, c) {}, ->(a, b: 1) {}, proc { |x, y = 2| }, proc { || }
].each { |pr| puts "#{pr.lambda?} #{pr.arity} #{pr.parameters.inspect}" }
p proc { |x| }.curry.class
add = ->(a, b, c) { a + b + c }
p add.curry[1][2][3]
p add.curry.(1).(2, 3)
sq = proc { |x| x * x }
p [1, 2, 3].map(&sq)
compose = method(:p) >> ->(x) { x }
double = ->(x) { x * 2 }
inc = ->(x) { x + 1 }
p (double >> inc).call(5)
p (double << inc).call(5)
