def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
a = []
10_000.times { a = [a] }
t(:inspect_size) { a.inspect.size }
t(:flatten) { a.flatten }
t(:eq) { a == a.dup }
t(:hash) { a.hash.class }
t(:to_s_size) { a.to_s.size }
h = {}
2_000.times { h = {k: h} }
t(:h_inspect_size) { h.inspect.size }
t(:h_eq) { h == h.dup }
