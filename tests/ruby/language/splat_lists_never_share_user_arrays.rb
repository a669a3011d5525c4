# Splats build their argument/element list in a fresh array that
# concatarray appends to in place: no user array may be changed or shared.
a = [1, 2]; b = [3]
x = [*a, *b]; p x, a, b, x.equal?(a)
y = [*a, 1]; p y
z = [0, *a]; p z
w = *a; p w, w.equal?(a)
def f(*r) = r
p f(*a, *b), f(*a, 1), f(0, *a, 9, *b, 10), f(*nil), f(*"s"), f(*1..3)
class T; def to_a; [:t, :u]; end; end
p [*T.new, 5], f(1, *T.new)
h = {k: 1}; p [*h]
q = [1, 2]; r = [*q]; r << 3; p q, r
e = []; 3.times { |i| e = [*e, i] }; p e
def g(a, *rest, c) = [a, rest, c]
p g(*a, *b), g(1, *[], 2)
def fw(...) = f(...)
p fw(1, *a)
def pr(*args, &blk) = f(*args, &blk)
p pr(1, 2), pr
