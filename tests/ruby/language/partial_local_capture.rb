def m
  x = 1; y = 2; z = 3
  [10].each { |v| x += v }
  b = binding
  p b.local_variable_get(:y)
  b.local_variable_set(:z, 30)
  p z
  eval("y = 20")
  p y
  p local_variables
  [1].each { p binding.local_variable_get(:z); p eval("y") }
  x
end
p m
def n(a, b = 2)
  c = a + b
  pr = proc { c * 2 }
  begin
    raise "boom"
  rescue => e
    p e.message
  end
  p e.class
  [pr.call, a, b]
end
p n(1)
def fl
  (1..10).each { |i| p i if (i == 3)..(i == 5) }
end
fl
class A; def f(a, b); [a, b]; end; end
class B < A; def f(a, b); [1].map { super }.first; end; end
p B.new.f(7, 8)
# A block capturing one local while others stay on the stack, across
# loops, rescue variables, optional arguments and nested blocks.
def mixed(list, scale = 3)
  total = 0
  count = 0
  seen = []
  list.each do |x|
    total += x * scale
    [1, 2].each { |y| seen << [x, y] if y == 2 }
  end
  i = 0
  while i < 5
    count += i
    i += 1
  end
  begin
    Integer("nope")
  rescue ArgumentError => err
    msg = err.message
  end
  [total, count, seen, msg, defined?(i), binding.local_variable_get(:count)]
end
p mixed([1, 2, 3])
p mixed([4], 10)
counter = 0
bump = -> { counter += 1 }
3.times { bump.call }
untouched = 42
p [counter, untouched, binding.local_variable_defined?(:untouched)]
def lazy_cap
  a = 1
  b = 2
  r = [1].map { a + 1 }
  b += 10
  eval("b += 100")
  [r, a, b, binding.local_variables]
end
p lazy_cap
