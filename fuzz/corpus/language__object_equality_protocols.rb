# ==, eql?, equal?, hash for built-in types as hash keys
p 1 == 1.0, 1.eql?(1.0), {1 => :a}[1.0]
p [1, [2]].hash == [1, [2]].hash
p({[1, 2] => :arr}[[1, 2]])
p({{a: 1} => :h}[{a: 1}])
p({"s" => 1}["s"])
p({1.0 => :f}[1])
p({nil => :n}[nil])
p({(1..2) => :r}[1..2])
p({:a => 1}.key?(:a))
p 0.0.eql?(-0.0), 0.0 == -0.0
h = {}
h[2**64] = :big
p h[2**64]
p [1, 2, 1.0, 2, "2", :"2"].uniq
p [[1], [1], [2]].uniq
