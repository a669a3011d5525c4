# Default procs vs fetch vs dig vs key?; default proc on nested auto-vivification
tree = Hash.new { |h, k| h[k] = Hash.new(&h.default_proc) }
tree[:a][:b][:c] = 1
tree[:a][:d] = 2
p tree
p tree.dig(:a, :b, :c), tree.key?(:zz), tree.fetch(:a).keys
cnt = Hash.new(0)
p cnt[:x], cnt.size, cnt.fetch(:x, :none)
memo = Hash.new { |h, (a, b)| h[[a, b]] = a * b }
p memo[[3, 4]], memo.keys
h = Hash.new { |_, k| k.to_s * 2 }
p h[:ab], h.size, h.to_a
h.default_proc = nil
p h[:ab]
h.default = 0
p h[:zz]
