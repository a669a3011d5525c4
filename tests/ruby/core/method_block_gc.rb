def takes(reason:) = "m=#{reason}"
def takes2(x) = "m=#{x}"
def y0 = yield(1)
def y2 = yield(reason: "lit")
p y0(&method(:takes2))
p y2(&method(:takes))
# A Method or Proc given with & is referenced only by the call's block while
# the callee's frame is set up (a collection there must keep it).
def pass_on(&b) = yield(2)
p pass_on(&method(:takes2))
p pass_on(&proc { |x| x * 3 })
p [1, 2].map(&method(:takes2))
p y0(&:succ)
