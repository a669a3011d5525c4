h = {"a" => 1}
p h["a"], h["b"]
d = Hash.new(7); p d["zz"]
dp = Hash.new { |hh, k| k.frozen? ? "frozen #{k}" : (k << "!"; "mutable #{k}") }
p dp["x"]
ci = {}.compare_by_identity
ci["q"] = 1
p ci["q"]
class MyH < Hash; def [](k) = "sub #{k.frozen?}"; end
p MyH.new["k"]
o = Object.new
def o.[](k) = (k << "?"; k)
p o["str"], o["str"]
p ENV["NOPE_NOT_SET"], "hello"["ell"], [1]["x"] rescue p $!
s = {}
s.define_singleton_method(:[]) { |k| "single #{k}" }
p s["k"]
class Hash; alias orig_aref []; def [](k) = "redefined #{k.frozen?}"; end
p h["a"]
class Hash; alias [] orig_aref; end
p h["a"]
def f(h) = h["a"]
3.times { p f({"a" => 2}) }
p f(Struct.new(:a).new(5))
m = "abc".match(/(?<a>b)/)
p m["a"]
x = {"k" => 1}
p(x[true ? "k" : "z"])
require 'json'
a = JSON.parse('[{"name":1},{"name":2}]')
k1 = a[0].keys[0]; k2 = a[1].keys[0]
p k1.frozen?, k1.equal?(k2)
h1 = {}; h1["x" + "y"] = 1; h2 = {}; h2["x" + "y"] = 2
p h1.keys[0].equal?(h2.keys[0])
# A Hash key's deduplicated String, later a literal's (eval): still alive
# after its Hash is gone and the heap collected.
def make_keys = 50.times.map { |i| { "dyn#{i}" + "k" => i } }
hs = make_keys
hs = nil
GC.start
lit = eval('"dyn7k".freeze')
GC.start
200.times { [+"x"] * 10 }
p lit, lit.frozen?, -lit, (-lit).equal?(lit)
h = { ("dyn" + "7k") => 1 }
p h.keys[0].equal?(lit), h["dyn7k"]
big = {}
20.times { |i| big["k#{i}"] = i }
p big["k3"], big["k19"], big["k20"], big.size
big.delete("k3"); p big["k3"], big.keys.first(3)
