# Lookups of immediate keys (Symbols, Integers, nil, true, false) in small
# Hashes (scanned) and large ones (indexed), around deletions, defaults,
# compare_by_identity and keys that are == but not eql?.
def show(h, keys)
  puts keys.map { |k| "#{k.inspect}=>#{h[k].inspect}" }.join(" ")
end

keys = [:a, :b, 1, 2, nil, true, false, 1.0, 2**64, "a", -1]
h = { a: 1, 1 => :one, nil => :nil, true => :t, false => :f }
show(h, keys)
h.delete(:a)
h.delete(nil)
show(h, keys)
h[:a] = :again
h[nil] = :nil2
show(h, keys)
p h

d = Hash.new(:dflt)
d[1] = 2
show(d, [1, 2, 1.0, nil])
dp = Hash.new { |hh, k| hh[k] = k.inspect * 2 }
show(dp, [:x, 3, nil])
p dp

f = { 1.0 => :float, 2 => :int, -0.0 => :negzero }
show(f, [1, 1.0, 2, 2.0, 0.0, -0.0, 0])

big = {}
(0...20).each { |i| big[i] = i * i }
big[:s] = :sym
show(big, [0, 7, 19, 20, :s, :t, nil])
(0...15).each { |i| big.delete(i) }
show(big, [0, 7, 15, 19, :s])
big.delete(:s)
show(big, [15, 19, :s])

id = {}.compare_by_identity
id[:k] = 1
id[5] = 2
id[nil] = 3
show(id, [:k, 5, nil, 5.0])

# Keys whose == differs from eql?: only eql? matches.
class Weird
  def inspect = "#<Weird>"
  def ==(o) = true
  def eql?(o) = o.is_a?(Weird)
  def hash = 1.hash
end
w = { Weird.new => :w, 1 => :one }
show(w, [1, Weird.new])

# Frozen and emptied hashes.
e = { a: 1 }.freeze
show(e, [:a, :b])
c = { a: 1, b: 2 }
c.clear
show(c, [:a])
c[:a] = 5
show(c, [:a, :b])

# fetch, key?, dig and values_at go through the same lookup.
g = { x: { y: 3 }, 4 => nil }
p g.fetch(:x), g.key?(4), g.key?(5), g.dig(:x, :y), g.values_at(:x, 4, 9)
begin
  g.fetch(:zz)
rescue KeyError => err
  puts "KeyError: #{err.message}"
end
