# Many short-lived anonymous classes flowing through one call site, with GC in between
def site(o) = o.value
results = []
30.times do |i|
  k = Class.new { define_method(:value) { i } }
  results << site(k.new)
  GC.start if i % 10 == 9
end
p results.sum, results.last
keep = Class.new { def value = :kept }
obj = keep.new
5.times { site(obj) }
10.times { Class.new { def value = :temp }.new.then { site(_1) } }
GC.start
p site(obj)
keep.class_eval { def value = :kept_redefined }
p site(obj)
