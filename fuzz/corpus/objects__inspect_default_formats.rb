# Deterministic default inspect formats (without addresses) for core objects
p nil, true, false, 1, -1.5, "s", :s, [1, [2]], {a: {b: 1}}, 1..2, 1...2
p Object, Kernel, Comparable, Class, BasicObject
p String.new, Array.new, Hash.new
p [nil, true], {nil => true}
p "quote\"and\\backslash", "tab\tnl\n", "\e\0", "é"
p :"foo bar", :"foo=", :foo?, :"1a", :"@@x", :"$1"
p 1.0 / 3, 100.0, 1e-4, 12e21
p Struct.new(:a).new(1)
p [1, 2].each
p (1..3).each_slice(2)
p [].each_with_index
p Float::INFINITY, -Float::INFINITY
p 1r, 3.to_r, Complex(1, 2) rescue p $!
p ObjectSpace, GC.class
