# Splat parameters, post args, splatting arguments at call site
def s(*args) = args
p s
p s(1)
p s(1, 2, 3)
p s(*[1, 2], 3, *[4])
def pre_post(a, *mid, z) = [a, mid, z]
p pre_post(1, 2)
p pre_post(1, 2, 3, 4)
def opt_post(a, b = :b, *r, c, d) = [a, b, r, c, d]
p opt_post(1, 2, 3)
p opt_post(1, 2, 3, 4)
p opt_post(1, 2, 3, 4, 5, 6)
def anon(*a) = s(*a)
p anon(7, 8)
p method(:pre_post).arity
p method(:opt_post).arity
p method(:opt_post).parameters
arr = [1, 2, 3]
p s(*arr, *arr)
p s(*nil)
p s(*"str")
p s(*(1..3))
