# Hash each/map/select/reject/filter_map/min_by/sort_by/group_by/sum/count
h = {apple: 3, banana: 1, cherry: 7, date: 3}
h.each { |k, v| puts "#{k}: #{v}" }
h.each_pair.with_index { |(k, v), i| print i, k, v, " " }
puts
p h.map { |k, v| [k, v * 2] }.to_h
p h.select { |_, v| v > 2 }, h.reject { |_, v| v > 2 }, h.filter_map { |k, v| k if v.odd? }
p h.min_by { _2 }, h.max_by { |_, v| v }, h.sort_by { |k, v| [-v, k] }.first(2)
p h.group_by { |_, v| v.odd? }, h.partition { |_, v| v > 2 }
p h.sum { _2 }, h.count { |_, v| v == 3 }, h.find { |_, v| v > 5 }
p h.sort_by { [-_2, _1] }.to_h, h.to_a.transpose
p h.each_with_object({}) { |(k, v), acc| (acc[v] ||= []) << k }
p h.inject(0) { |s, (_, v)| s + v }
p h.any? { |k, v| v > 6 }, h.all? { |(k, v)| v > 0 }, h.each_with_index.map { |(k, v), i| "#{i}#{k}" }
p h.min_by(2) { [_2, _1] }, h.sum([]) { [_1] }
p h.each_slice(2).map(&:to_h)
p h.keys.zip(h.values) == h.to_a
