# `a[i] op= v` and `obj.x = v` as statements (value popped) skip keeping the
# result; where the value is used (last statement of a method, block or
# branch, an argument, an assignment) it is the operator's result, not
# `[]=`'s.
class Box
  def initialize; @h = Hash.new(0); @log = []; end
  attr_reader :log
  def [](k); @log << [:get, k]; @h[k]; end
  def []=(k, v); @log << [:set, k, v]; @h[k] = v; :setter_result; end
  def x=(v); @log << [:x=, v]; :x_result; end
end
b = Box.new
b[:a] += 1
b[:a] += 2 if true
b[:a] -= 5 unless false
b[:b] ||= 4
b.x = 3
def last_stmt(b) = (b[:c] += 10)
def last_in_body(b)
  b[:a] *= 3
  b[:d] += 1
end
p last_stmt(b), last_in_body(b)
r = (b[:a] += 1); p r
p(b[:e] += 7)
p [1, 2].map { |i| b[:f] += i }
v = if true then b[:g] += 2 end; p v
w = (b[:g] += 1 if true); p w
z = (b.x = 9); p z
q = [0, 0]; q[0] += 1; q[1] -= 1 if q[0] > 0; p q
h = {a: 1}; h[:a] += 1; h[:b] = 5; p h
s = "ab"; s[0] += "z"; p s
p b.log
