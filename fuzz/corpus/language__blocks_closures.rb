# Blocks capture and mutate enclosing locals
count = 0
[1, 2, 3].each { |x| count += x }
p count
adders = (1..3).map { |i| ->(x) { x + i } }
p adders.map { |f| f.call(10) }
def make_counter
  n = 0
  inc = -> { n += 1 }
  get = -> { n }
  [inc, get]
end
inc, get = make_counter
3.times { inc.() }
p get.call
x = 10
blk = proc { x * 2 }
x = 20
p blk.call
y = 1
[5].each { |y2; y| y = y2 }
p y
z = 1
[2].each { |z| z += 100 }
p z
1.times { w = 5 }
p defined?(w)
acc = []
def yielder = yield
yielder { acc << :in_block }
p acc
