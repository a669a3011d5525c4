case [1, [2, 3]]
in [Integer => a, [b, *c]] then p [a, b, c]
end
case {a: 1, b: {c: 2}}
in {a: Integer => x, b: {c:}} then p [x, c]
end
obj = Object.new
def obj.deconstruct = (puts "deconstruct"; [0, 1])
r = case obj
    in [1, 2] then :no
    in [a] then :no2
    in [0, 1] then :yes
    end
p r
arr = [1, 2]
def arr.deconstruct = (puts "arr deconstruct"; [3, 4])
p(case arr; in [3, 4] then true; else false; end)
o2 = Object.new
def o2.respond_to?(m, priv = false) = (puts "respond_to? #{m}"; false)
p(case o2; in Object[] then true; else false; end)
p(case o2; in Object[a: 1] then true; else false; end)
S = Struct.new(:x, :y)
p(case S.new(1, 2); in [x, y] then x + y; end)
p(case S.new(1, 2); in {x:, y:} then x * y; end)
class MyArr < Array; def deconstruct = (puts "sub"; super); end
p(case MyArr[1]; in [v] then v; end)
h = {k: 1}
def h.deconstruct_keys(keys) = (puts "dk #{keys.inspect}"; {k: 2})
p(case h; in {k:} then k; end)
x = [5, 6]
p((x in [5, _]), (x in [Integer, String]))
case 5
in Integer | Float => n if n > 3 then p n
end
