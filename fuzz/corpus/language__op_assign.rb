# Operator assignment: ||=, &&=, +=, <<= on locals, ivars, globals, attrs, indexes
a = nil
a ||= 1
a ||= 2
p a
b = 5
b &&= b + 1
p b
c = nil
c &&= c + 1
p c
@iv ||= []
@iv << 1
@iv += [2]
p @iv
$g ||= "g"
$g += "!"
p $g
class Obj
  attr_accessor :x
  def initialize = @log = []
  def x
    @log << :read
    @x
  end
  def log = @log
end
o = Obj.new
o.x ||= 10
o.x ||= 20
o.x += 5
p o.x
p o.log
h = Hash.new(0)
h[:a] += 1
h[:a] += 1
h[:b] ||= 7
h[:b] ||= 8
p h
arr = [1, 2]
arr[0] += 10
arr[5] ||= :new
p arr
s = "ab"
s *= 2
p s
n = 1
n <<= 4
n |= 1
n **= 2
p n
