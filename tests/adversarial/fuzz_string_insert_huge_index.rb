# Found by carmine-fuzz (run): String#insert with a huge index built an
# out-of-range Fixnum (debug assertion).
s = "abc"
[9223372036854775807, -9223372036854775808, 4611686018427387904, -4611686018427387905, 3, -4, 4, -5].each do |i|
  begin
    p s.dup.insert(i, "X")
  rescue => e
    p [e.class, e.message]
  end
end
