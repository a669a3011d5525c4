def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
a = [1]
a << a
t(:inspect) { a.inspect }
t(:to_s) { a.to_s }
t(:size) { a.size }
t(:flatten) { a.flatten }
t(:join) { a.join(",") }
t(:eq) { a == a }
t(:eql) { a.eql?(a) }
t(:hash) { a.hash == a.hash }
t(:sort) { a.sort }
t(:uniq) { a.uniq.size }
t(:include) { a.include?(a) }
t(:dig) { a.dig(1, 1, 1, 0) }
t(:product) { a.product(a).size }
t(:flatten1) { a.flatten(1).size }
t(:compact) { a.compact.size }
t(:to_h) { [[1, a]].to_h.size }
t(:sum) { [1, 2, 3].sum }
t(:cmp) { a <=> a }
t(:minus) { (a - [a]).inspect }
t(:pack_free) { a.first }
