# Allocate many short-lived objects; live data must survive GC.start and stay intact
keep = []
10_000.times do |i|
  s = "str#{i}"
  a = [i, s, {i => s}]
  keep << a if i % 1000 == 0
end
GC.start
p keep.size, keep.map(&:first), keep.map { _1[1] }.last
p keep.all? { |i, s, h| h[i] == s && s == "str#{i}" }
big = (1..2000).map { |i| [i.to_s * 3, i.to_f, (2 ** 70) + i] }
GC.start
p big.sum { _1[2] } - 2000 * 2 ** 70, big.last[0], big[500][1]
h = {}
5000.times { |i| h["k#{i}"] = i.to_s(16) }
5000.times { |i| h.delete("k#{i}") if i.odd? }
GC.start
p h.size, h["k4998"], h["k4999"]
syms = (1..100).map { :"dyn_sym_#{_1}" }
GC.start
p syms.last, syms.map(&:to_s).uniq.size
