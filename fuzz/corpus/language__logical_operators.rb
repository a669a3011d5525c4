# and/or/not, &&/||, short-circuit, precedence differences
p(true && false)
p(true || false)
p(nil || "default")
p(false && raise("never"))
p(1 && 2)
p(nil && 2)
p(!nil)
p(!!1)
p((not true))
x = false || true
p x
y = (false or true)
p y
z = nil
z = 5 or raise "no"
p z
calls = []
def t(calls, v) = (calls << v; v)
t(calls, 1) || t(calls, 2)
t(calls, nil) && t(calls, 3)
t(calls, nil) || t(calls, 4)
p calls
a = nil
b = a || (a = 7)
p [a, b]
p (1 < 2) != false
