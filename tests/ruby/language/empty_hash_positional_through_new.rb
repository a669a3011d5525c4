# An empty Hash passed positionally through a builtin (Class#new) stays an argument; only keyword splats are dropped when empty.
class P; def initialize(a, b); p [a, b]; end; end
def f(s, opts = {}) = P.new(s, opts || {})
f(1)
def g(s, opts = {}) = P.new(s, opts)
g(1)
def h(a, b) = p([a, b])
o = {}
h(1, o)
P.new(1, o)
class Q; def initialize(a, k: 0) = p([a, k]); end
Q.new(1, **{})
Q.new(2, k: 5)
h = { k: 7 }
Q.new(3, **h)
begin
  Q.new(4, {})
rescue ArgumentError => e
  p e.message
end
