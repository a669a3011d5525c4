# Hash default values vs default procs, shared default pitfall
shared = Hash.new([])
shared[:a] << 1
shared[:b] << 2
p shared
p shared[:zzz]
p shared.default
good = Hash.new { |h, k| h[k] = [] }
good[:a] << 1
good[:b] << 2
p good
nested = Hash.new { |h, k| h[k] = Hash.new(0) }
nested[:x][:y] += 1
nested[:x][:z] += 2
p nested
p good.default_proc.class
h = {}
h.default = :dflt
p h[:q]
p h.fetch(:q, :fb)
p h.fetch(:q) { |k| "blk #{k}" }
p h.key?(:q)
p h.dig(:a)
counts = Hash.new(0)
%w[a b a c b a].each { |w| counts[w] += 1 }
p counts
p counts.sort_by { |k, v| [-v, k] }
