# opt_aref/opt_aset on a plain Hash run rb_hash_aref/rb_hash_aset without a
# method call: default values and procs, frozen and iterating hashes, string
# keys, compare_by_identity, subclasses and singletons, a key whose hash
# raises (not called on an empty Hash), and Hash#[]/[]= redefined or
# prepended while the sites are warm.
h = {a: 1, "s" => 2, 3 => 4}
p h[:a], h["s"], h[3], h[:zz]
d = Hash.new(7); p d[:x]; d[:y] = 1; p d
dp = Hash.new { |hh, k| hh[k] = k.to_s * 2 }; p dp[:ab], dp
k = "key"; h2 = {}; h2[k] = 1; p h2.keys[0].frozen?, k.frozen?
f = {a: 1}.freeze
begin; f[:b] = 2; rescue => e; p e.class, e.message; end
p f[:a]
it = {a: 1}
begin; it.each { it[:new] = 1 }; rescue => e; p e.class, e.message; end
ci = {}.compare_by_identity; s1 = "x"; ci[s1] = 1; p ci["x"], ci[s1]
class SubH < Hash; def [](k); "sub#{k}"; end; def []=(k, v); super(k, v * 2); end; end
sh = SubH.new; sh[:a] = 5; p sh[:a], sh.fetch(:a)
sing = {q: 1}; def sing.[](k); "single"; end; p sing[:q]
class Key; def hash; raise "boom"; end; end
begin; {1 => 2}[Key.new]; rescue => e; p e.message, e.backtrace[0][/:\d+:in.*/]; end
p({}[Key.new])
class KeyEq; attr_reader :v; def initialize(v); @v = v; end; def hash; @v.hash; end; def eql?(o); o.is_a?(KeyEq) && o.v == @v; end; end
eh = {KeyEq.new(1) => :one}; p eh[KeyEq.new(1)], eh[KeyEq.new(2)]
# Immediate keys are found by identity; Floats and heap keys by eql?.
m = {1 => :int, 1.0 => :float, nil => :nil, true => :t, false => :f, :s => :sym, 2**70 => :big}
p m[1], m[1.0], m[nil], m[true], m[false], m[:s], m[2**70], m[2], m[-0.0], m[0.0]
z = {0.0 => :zero}; p z[-0.0], z[0.0]
ib = {}.compare_by_identity; ib[:k] = 1; ib[5] = 2; p ib[:k], ib[5], ib[6]
w = {a: 1}
3.times { |i| p w[:a] }
class Hash; def [](k); "patched #{k}"; end; end
p w[:a]
3.times { w[:b] = 9 }
class Hash; def []=(k, v); store(k, v + 100); end; end
w[:c] = 1; p w.fetch(:c)
module Pre; def [](k); "pre #{super}"; end; end
class Hash; prepend Pre; end
p w[:a]
