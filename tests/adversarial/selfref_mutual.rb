def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
a = [1]
b = [a]
a << b
t(:inspect_a) { a.inspect }
t(:inspect_b) { b.inspect }
t(:eq) { a == b }
t(:flatten) { b.flatten }
h = {a: a}
a << h
t(:inspect_mixed) { a.inspect }
t(:eq2) { [a] == [a] }
x = []
y = []
x << y
y << x
t(:xy_eq) { x == y }
t(:xy_hash) { x.hash == y.hash }
t(:xy_inspect) { x.inspect }
