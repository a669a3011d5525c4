# A local read as the last value of a method, block, lambda or class body
# (carmine fuses `getlocal; leave`), and jumps that land on that `leave`.

def ident(x)
  x
end

def pick(c, a, b)
  if c
    a
  else
    b
  end
end

def after_loop(n)
  acc = 0
  i = 0
  while i < n
    acc += i
    i += 1
  end
  acc
end

def early(x)
  return x if x > 10
  y = x * 2
  y
end

def with_ensure(x)
  r = x + 1
  r
ensure
  puts "ensure #{x}"
end

def rescued(x)
  v = Integer(x)
  v
rescue ArgumentError
  e = :bad
  e
end

def deep(n)
  return n if n == 0
  r = deep(n - 1)
  r
end

p ident(1), ident("s"), ident(nil), ident([1, [2]])
p pick(true, :a, :b), pick(false, :a, :b), pick(nil, 1, 2)
p after_loop(10)
p early(20), early(3)
p with_ensure(4)
p rescued("12"), rescued("zz")
p deep(500)
p [1, 2, 3].map { |x| x }
p [[1, 2], [3, 4]].map { |a, b| b }
l = ->(x) { x }
p l.(7), l[8]
pr = proc { |x, y| y }
p pr.call(1), pr.call(1, 2)
k = 5
p [1].map { k }
result = class Foo
  z = 42
  z
end
p result
mod = module Bar
  q = "mod"
  q
end
p mod
sc = class << Object.new
  w = :singleton
  w
end
p sc
class Foo
  define_method(:dm) { |x| x }
end
p Foo.new.dm(9)
p(begin
  t = 3
  t
end)
def each_yield
  r = yield 5
  r
end
p each_yield { |v| v * 2 }
def bl(&b)
  b
end
p bl.nil?
# Warm call sites, then redefine the callee: the new body must be called.
def rt(x)
  x
end
s = 0
200.times { |i| s += rt(i) }
p s
def rt(x)
  -x
end
s = 0
200.times { |i| s += rt(i) }
p s
