# The ... argument forwarding syntax and explicit forwarding of *args, **kw, &blk
def target(*args, **kw, &blk)
  "args=#{args} kw=#{kw} blk=#{blk ? blk.call : "none"}"
end
def fwd(...) = target(...)
def fwd_lead(first, ...) = target(first.upcase, ...)
def explicit(*a, **k, &b) = target(*a, **k, &b)
puts fwd(1, 2, x: 3) { "B" }
puts fwd
puts fwd_lead("a", "b", z: 1)
puts explicit(1, y: 2) { "E" }
h = {k: 1}
puts fwd(h)
puts fwd(**h)
puts fwd(*[1, 2], **{})
def ruby2(*args) = target(*args)
puts ruby2(1, {a: 1})
