def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { 1 / 0 }
t(2) { 1 % 0 }
t(3) { 1.divmod(0) }
t(4) { 0 / 0 }
t(5) { 1.0 / 0 }
t(6) { -1.0 / 0 }
t(7) { 0.0 / 0 }
t(8) { 1.fdiv(0) }
t(9) { 1.0.divmod(0) }
t(10) { 2**-1 }
t(11) { 1.0 % 0 }
t(12) { 1.div(0.0) }
t(13) { 0**-1 }
t(14) { 1.remainder(0) }
t(15) { 1.modulo(0.0) }
t(16) { 1 / 0.0 }
t(17) { 5.0.div(0) }
t(18) { 1.0.floor / 0 }
t(19) { 1.quo(0) }
t(20) { 0.0 ** -1 }
t(21) { -0.0 ** -1 }
t(22) { [1, 2].sum / 0 }
t(23) { 10.pow(2, 0) }
t(24) { 1.0.remainder(0) }
t(25) { Integer.sqrt(0) }
