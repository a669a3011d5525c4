def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
a = []
100_000.times { a = [a] }
t(:inspect) { a.inspect.size }
t(:flatten) { a.flatten.size }
t(:eq) { a == [a[0]] }
t(:hash) { a.hash.class }
b = []
100_000.times { b = [b] }
t(:eq2) { a == b }
t(:cmp) { a <=> b }
