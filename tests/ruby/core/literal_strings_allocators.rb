[NilClass, TrueClass, FalseClass, Integer, Float, Symbol, Method, UnboundMethod, Proc, Thread].each do |c|
  c.allocate
  puts "#{c}: ok"
rescue Exception => e
  puts "#{c.name}: #{e.class} #{e.message}"
end
p nil.to_s.equal?(nil.to_s), true.to_s.equal?(true.to_s), false.to_s.frozen?, nil.to_s.encoding
p :abc.to_s.encoding, :"é".to_s.encoding, :abc.name.encoding, :abc.id2name.encoding, (:abc.to_s + "é").encoding
s = :sym.to_s
s << "ü"
p s, s.encoding, "#{:abc}".encoding, [:a, :b].join.encoding, :abc.to_s.frozen?
p(-0.0.arg, Float::NAN.angle.nan?, 1.0.phase, -1.5.arg, 0.0.arg, -3.arg, 2.arg, (0.0 / 0).arg.equal?(0))
p Complex(-0.0, 0).arg, Complex(1, 1).angle
