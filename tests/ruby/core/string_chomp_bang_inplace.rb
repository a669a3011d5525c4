["a\r\n", "a\n", "a\r", "a", "", "a\n\n\r\n", "abc", "a\n\r"].each do |x|
  p [x.chomp, x.chomp(nil), x.chomp(""), x.chomp("\n"), x.chomp("c"), x.chomp("bc")]
  y = x.dup; p [y.chomp!, y]
  y = x.dup; p [y.chomp!(""), y]
  y = x.dup; p [y.chomp!("bc"), y]
  y = x.dup; p [y.chomp!(nil), y]
end
o = Object.new; def o.to_str = "c"
p "abc".chomp(o)
begin; "x".freeze.chomp!; rescue => e; p e.class; end
begin; "x".chomp(1); rescue => e; p e.message; end
p "é\n".chomp!.encoding, "\xff\n".b.chomp.encoding
