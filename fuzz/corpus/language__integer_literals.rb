# Integer literal forms: decimal, hex, octal, binary, underscores, negative
p 42
p -17
p 1_000_000
p 0x1F
p 0o17
p 017
p 0b1010
p 0d99
p 123.class
p -0
p +5
p 10.to_s(2)
p 255.to_s(16)
p "ff".hex
p "777".oct
puts 1e3.to_i
