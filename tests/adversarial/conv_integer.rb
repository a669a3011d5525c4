def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
[
  "x", "0x1A", "0b12", "  42  ", "4_2", "_42", "42_", "1e3", "", "0o17", "-0x1f", "+-1",
  "1\0", "9" * 30, "0_8", "08", "0b", "0x", "  \n 12 \t", "1 2", "٣", "１２", "-", "+", "0", "-0",
  "0_0", "00", "1__0", "0x_1", "0xg",
].each_with_index { |s, i| t("s#{i}") { Integer(s) } }
t(:nil) { Integer(nil) }
t(:exc_false) { Integer("x", exception: false) }
t(:base36) { Integer("z", 36) }
t(:base1) { Integer("12", 1) }
t(:base37) { Integer("12", 37) }
t(:base_neg) { Integer("12", -1) }
t(:float) { Integer(12.9) }
t(:neg_float) { Integer(-12.9) }
t(:array) { Integer([1]) }
t(:obj) { Integer(Object.new) rescue $!.class }
t(:to_int) { o = Object.new; def o.to_int = 7; Integer(o) }
t(:to_i_only) { o = Object.new; def o.to_i = 8; Integer(o) }
t(:to_int_bad) { o = Object.new; def o.to_int = "x"; Integer(o) }
t(:base_with_int) { Integer(12, 8) }
t(:base_0x) { Integer("0x1f", 16) }
t(:base_mismatch) { Integer("0b11", 16) }
[
  "1.5e3", "1.", ".5", "1_0.5", "0x1p3", "nan", "Infinity", "", "1e", "1e400", "  2.5  ", "1__0.5", "1.5.5",
  "0x", "-.5", "+1e-2", "1e-400", "5e-324", "1" * 400,
].each_with_index { |s, i| t("f#{i}") { Float(s) } }
t(:float_nil) { Float(nil) }
t(:float_exc) { Float("x", exception: false) }
[
  "12abc", " -  5", "1__2", "0b101", "0x1A", "z", "9" * 25, "-0", "1e5", "   +7", "0o17", "_1",
].each_with_index { |s, i| t("to_i#{i}") { [s.to_i, s.to_i(0), s.to_i(36), s.to_f] } }
t(:hex) { ["0x1A".hex, "zz".hex, "-ff".hex, "777".oct, "9".oct, "0b11".oct, "1e400".to_f] }
t(:to_r) { "1/3".to_r rescue $!.class }
t(:to_c) { "1+2i".to_c rescue $!.class }
