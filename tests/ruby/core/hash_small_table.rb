# Small Hashes (up to 8 entries, removed ones included) are scanned,
# larger ones indexed: lookups, updates, deletes and reinsertions must
# behave the same on both sides of the boundary.
h = {}
12.times do |i|
  h[i] = i * i
  h["k#{i}"] = i
  h[i * 0.5] = -i
  p [h.size, h[i], h["k#{i}"], h[i * 0.5], h[i + 1], h.key?("k#{i + 1}")]
end
5.times { |i| h.delete(i); h.delete("k#{i}") }
p h.size, h.keys.first(6), h[2], h["k7"], h[5]
h2 = { a: 1, b: 2 }
h2.delete(:a)
h2[:a] = 3
p h2, h2[:a], h2.to_a
7.times { |i| h2[i] = i; h2.delete(i) if i.odd? }
p h2, h2.size, h2[6], h2[5]
h2.delete(:b); h2.delete(:a); [0, 2, 4, 6].each { |i| h2.delete(i) }
p h2, h2.empty?, h2[:a]
h2[:z] = 26
p h2
s = "key"
id = {}.compare_by_identity
id[s] = 1
id["key"] = 2
p id.size, id[s], id["key"]
a = [1, 2]
d = { a => :x }
p d[[1, 2]]
a << 3
p d[[1, 2, 3]], d.rehash[[1, 2, 3]]
nan = Float::NAN
n = { nan => 1, 0.0 => :zero }
p n[nan], n[Float::NAN], n[-0.0], n[0]
big = (1..20).to_h { |i| [i.to_s, i] }
19.times { |i| big.delete((i + 1).to_s) }
p big, big["20"]
big["1"] = 1
p big, big.size
