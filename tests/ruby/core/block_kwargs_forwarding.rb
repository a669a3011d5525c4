blk = proc { |reason:| "r=#{reason}" }
p instance_exec(reason: "a", &blk)
kw = {reason: "b"}
p instance_exec(**kw, &blk)
p instance_exec(*[], **kw, &blk)
o = Object.new
p o.instance_exec(1, reason: "c") { |x, reason:| [x, reason] }
p o.instance_eval { self.class }
def y(**kw) = yield(**kw)
p y(reason: "d", &blk)
p blk.call(reason: "e")
p blk.(**kw)
p [1].map { |x| blk.call(reason: x) }
p proc { |a, k: 1| [a, k] }.call(5, k: 2)
p lambda { |k:| k }.call(k: 3)
p Class.new.class_exec(k: 9) { |k:| k }
p 1.then { |x| x }
def y1(**kw) = yield(**kw)
def y2 = yield(reason: "lit")
p y1(reason: "d") { |reason:| reason }
p y2 { |reason:| reason }
p y2(&blk)
p y1(reason: "d", &blk)
l = lambda { |reason:| reason }
p y2(&l)
p y1(reason: "x", &l)
p y2(&:itself) rescue p $!
# a Method object as the block keeps keywords too
def takes(reason:) = "m=#{reason}"
p y2(&method(:takes))
p instance_exec(reason: "q", &method(:takes))
# an empty **{} passes no keywords
def y3(**kw) = yield(**kw)
p y3 { |*a| a }
p y3(&proc { |*a| a })
p Object.new.instance_exec(**{}) { |*a| a }
