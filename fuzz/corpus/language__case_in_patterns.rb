# case/in: value, array, hash, find patterns, pin, guards, alternatives
def m(v)
  case v
  in 0 then "zero"
  in Integer | Float => n if n > 100 then "big #{n}"
  in Integer => n then "int #{n}"
  in [] then "empty array"
  in [x] then "one elem #{x}"
  in [1, *rest] then "starts with 1, rest #{rest}"
  in [_, _, *] then "2+ elems"
  in {name: String => name, age: Integer => age} if age >= 18 then "adult #{name}"
  in {name: String => name} then "person #{name}"
  in {type: :circle, r:} then "circle #{r}"
  in String | Symbol then "text #{v}"
  in nil then "nil!"
  else "unknown"
  end
end
[0, 5, 500, 2.5, [], [9], [1, 2, 3], [7, 8], {name: "Al", age: 30}, {name: "Kid", age: 3},
 {type: :circle, r: 2}, "s", :y, nil, 3.3].each { |v| puts m(v) }
expected = 5
case 5
in ^expected then puts "pinned match"
end
case [1, [2, 3]]
in [a, [b, c]]
  p [a, b, c]
end
case [1, 42, "x", :z]
in [Integer, Integer => i, String => s, *post]
  p i, s, post
end
case {k: 1, extra: 2}
in {k: 1, **rest}
  p rest
end
case {k: 1}
in {k: 1, **nil}
  puts "exact hash"
end
r1 = (1 in Integer)
r2 = ("x" in Integer)
p r1, r2
h = {status: "ok", data: {items: [1, 2]}}
h => {data: {items: [first, *]}}
p first
