# Proc/Method#parameters for destructuring and anonymous parameters.
p proc { |(a, b), c, (d), *e, (f, g)| }.parameters
p proc { |a, | }.parameters, proc { |*| }.parameters, lambda { |*| }.parameters, proc { |**| }.parameters
p lambda { |(a, b), c| }.parameters
def m(&) = 1
def n(*, **) = 1
def o(...) = 1
def q((a, b), c, *r, k: 1, **o, &blk) = 1
p method(:m).parameters, method(:n).parameters, method(:o).parameters, method(:q).parameters
p proc { |a, (b, c), *d, e: 1, &f| }.parameters, proc { |x| }.arity, proc { |(x, y)| }.arity
