# transform_values/keys, merge with block, invert, key, to_a, filter_map, compact
h = {a: 1, b: 2, c: nil}
p h.transform_values { _1.to_s }, h.transform_keys(&:to_s), h.transform_keys(a: :x)
p h.compact, h.invert, h.key(2), h.key(99)
p h.merge({b: 20, d: 4}) { |k, old, new| old + new }
p h.merge({a: 0}, {e: 5})
x = {a: 1}
x.merge!(b: 2) { raise }
x.update(a: 10) { |_, o, n| [o, n] }
p x
p h.to_a, h.sort_by { |k, _| k.to_s }.reverse.to_h
p h.select { _2 }, h.filter_map { |k, v| "#{k}=#{v}" if v }
p h.min_by { |_, v| v.to_i }, h.sum { |_, v| v.to_i }
p h.slice(:a, :z), h.except(:a), h.values_at(:a, :z), h.fetch_values(:a, :b)
p h.dig(:a), {a: {b: {c: 1}}}.dig(:a, :b, :c), {a: [10, 20]}.dig(:a, 1)
p h.count, h.length, h.key?(:c), h.value?(2), h.member?(:z), h.include?(:a)
p h.find_all { |k, v| v }.to_h, h.sort_by { _2.to_i }.map(&:first)
p h.to_h { |k, v| [v, k] }, h.filter_map { _1 if _2.nil? }
h2 = {b: 1, a: 2}
p h2.sort.to_h, h2.min, h2.sort_by(&:last), h2.sum { _2 }
