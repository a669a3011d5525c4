# Hash insertion order preserved through delete/reinsert; == ignores order
h = {}
h[:c] = 1
h[:a] = 2
h[:b] = 3
p h.keys
h.delete(:c)
h[:c] = 4
p h.keys
h[:a] = 99
p h.keys, h
p({a: 1, b: 2} == {b: 2, a: 1}, {a: 1}.eql?({a: 1.0}), {a: 1} == {a: 1.0})
p({a: 1, b: 2}.hash == {b: 2, a: 1}.hash)
p h.first, h.first(2), h.min_by { _2 }
p({1 => :int, 1.0 => :float, "1" => :str, :"1" => :sym}.size)
big = (1..20).to_h { [_1, _1 * _1] }
p big.keys.first(3), big.keys.last(3)
big.reject! { |k, _| k.odd? }
p big.keys
p({b: 1}.merge(a: 2).keys, {b: 1, a: 2}.to_a.sort.to_h.keys)
