# Hash#inspect for many key types, nested defaults, and to_s
h = {1 => "int", 1.5 => "float", "s" => :str, :sym => nil, nil => true, [1, 2] => {x: 1},
     (1..2) => 0, true => false, Object => 1, :"quoted key" => 2, "with space": 3}
p h
puts h.to_s
p({}.inspect, {a: {}}.to_s)
p Hash[[[:k, :v]]], Hash[1, 2, 3, 4]
p h.keys.map(&:class).uniq
p({"a" => 1}.to_a.flatten)
p({a: 1}.to_s == {a: 1}.inspect)
