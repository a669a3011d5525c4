def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
h = {}
h[:self] = h
t(:inspect) { h.inspect }
t(:to_s) { h.to_s }
t(:eq) { h == h }
t(:hash) { h.hash == h.hash }
t(:dig) { h.dig(:self, :self, :self).size }
t(:to_a) { h.to_a.size }
t(:flatten) { h.flatten.size }
g = {a: 1}
begin; g[g] = 2; rescue => e; p e.class; end
t(:key_self) { g.size }
t(:values) { h.values.size }
t(:merge) { h.merge(h).size }
t(:invert) { h.invert.size }
