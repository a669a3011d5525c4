# Repeated `_` parameters each take an argument; `_` is the first one
p(proc { |_, a, _, b| [_, a, b] }.call(1,2,3,4))
p(proc { |x, *r, _, _| [x, r, _] }.call(1,2,3,4,5))
p(->(_, _) { _ }.(7, 8))
def q(_, _) = _
p q(3, 4)
def m(*a) = yield(*a)
p m(1, 2) { |_, _| _ }
p m([[1, 2, 3], 4]) { |(_, a, _), _| a }
