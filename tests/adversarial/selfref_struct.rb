def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
S = Struct.new(:x, :y)
s = S.new(1)
s.y = s
t(:inspect) { s.inspect }
t(:to_a) { s.to_a.size }
t(:eq) { s == s }
t(:hash) { s.hash == s.hash }
t(:to_h_size) { s.to_h.size }
