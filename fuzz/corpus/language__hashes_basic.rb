# Hash literals, access, ordering, default values
h = {a: 1, "b" => 2, 3 => [4], nil => nil}
p h
p h[:a], h["b"], h[3], h[:missing]
h[:c] = 5
h[:a] = 10
p h
p h.keys, h.values
p h.size
h.delete("b")
p h
p({"x" => 1}.merge({"y" => 2}))
d = Hash.new(0)
"hello world".each_char { |c| d[c] += 1 }
p d
p d["zz"]
p d.fetch("l")
cache = Hash.new { |hash, k| hash[k] = k * 2 }
p cache[4]
p cache
p Hash.new(5).default
x = 1
y = 2
p({x:, y:})
p({"a": 1})
p h.to_a
p h.any? { |k, v| v == 5 }
p({b: 1, a: 2}.sort.to_h)
