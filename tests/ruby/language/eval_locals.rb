# eval sees and assigns the caller's local variables, and a Binding's
x = 1
eval("x = 2")
p x
i = 5
p eval("i == 5"), eval("i"), eval("defined? i")
y = 3
[10].each { |z| eval("y += z") }
p y
def m(a) = eval("a * 2")
p m(21)
loop { iii = 5; p eval("defined? iii"); break }
def test_ev
  local1 = "local1"
  lambda {
    local2 = "local2"
    return binding
  }.call
end
b = test_ev
p eval("local1", b), eval("local2", b), eval("[local1, local2]", b)
bb = binding
eval "i4 = 1", bb
p eval("i4", bb)
pb = proc { binding }.call
eval "i5 = 22", pb
p eval("i5", pb)
begin
  eval("i4")
rescue NameError => e
  p e.class
end
module EvTest
  EVTEST1 = 25
  evtest2 = 125
  $bnd = binding
end
p eval("EVTEST1", $bnd), eval("evtest2", $bnd)
