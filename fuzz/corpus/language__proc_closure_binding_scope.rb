# Closures over loop variables, each vs for scope, define_method closures
procs = []
[1, 2, 3].each { |i| procs << -> { i } }
p procs.map(&:call)
procs2 = []
for j in [1, 2, 3]
  procs2 << -> { j }
end
p procs2.map(&:call)
counter = 0
incr = proc { counter += 1 }
3.times(&incr)
p counter
def make_acc
  total = 0
  [->(x) { total += x }, -> { total }]
end
add, get = make_acc
add.(5); add.(10)
add2, get2 = make_acc
add2.(1)
p get.(), get2.()
x = 1
change = proc { x = 99 }
change.call
p x
b = binding
b.local_variable_set(:x, 7)
p x, b.local_variable_get(:x)
p b.local_variable_defined?(:nope)
