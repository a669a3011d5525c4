# to_i/to_f/to_r/to_sym with odd input, Integer()/Float() strictness
p "42".to_i, "42abc".to_i, "abc".to_i, "  42  ".to_i, "-0x1A".to_i(16), "0x1A".hex
p "1_000".to_i, "1__0".to_i, "0b101".to_i(0), "0o17".to_i(0), "017".to_i(0), "017".to_i
p "12.5kg".to_f, "1e-2".to_f, "-.5".to_f, "Infinity".to_f, "1_0.5".to_f
p "3/4".to_r, "0.75".to_r, "abc".to_sym, "with space".to_sym
p "ff".to_i(16), "z".to_i(36), "777".to_i(8), "102".to_i(2)
p Integer("42"), Integer("0b11"), Integer("0o17"), Integer(" 42 "), Integer("-0x1f")
p Integer("ff", 16), Integer(3.99), Integer("1_000")
p Float("1.5"), Float("1e3"), Float(3), Float("  2.5 ")
p 42.to_s, 42.to_s(2), -42.to_s(16), 3.0.to_s, nil.to_s, :s.to_s, [1, [2]].to_s
p 3.7.to_i, -3.7.to_i, 3.7.to_r.class, 0.1.to_r == Rational(1, 10)
p "%.3f" % "2.5".to_f, "10".to_c rescue p $!
