# Keyword arguments forwarded through send/__send__/public_send, Method#call, Proc#call (lambdas, procs, Method#to_proc) and enumerators made with enum_for(..., kw: v), with splats.
def f(a, b = nil, chomp: false) = p([a, b, chomp])
send(:f, 1, chomp: true)
kw = {chomp: true}
send(:f, 1, **kw)
args = [1, 2]
send(:f, *args, **kw)
__send__(:f, *args, **kw)
public_send(:f, *args, **kw) rescue p $!
m = method(:f); m.call(*args, **kw)
l = ->(a, k: 1) { p [a, k] }
kw = {k: 2}
l.(1, k: 3)
args=[5]
l.call(*args, **kw)
pr = proc { |a, k: 1| p [a, k] }
pr.call(*args, **kw)
def g(a, k: 0) = p([a, k])
m = method(:g)
m.(*args, **kw)
m.to_proc.call(*args, **kw)
[[1, 2]].each { |a, b| p [a, b] }
def f(a, b = nil, c = nil, chomp: false) = p([a, b, c, chomp])
e = enum_for(:f, 1, nil, nil, chomp: false)
e.each {}
