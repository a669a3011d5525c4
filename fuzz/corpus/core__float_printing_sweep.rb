# Shortest round-trip Float#to_s over many magnitudes and fractions
(1..30).each { |n| print 1.0 / n, " " }
puts
(-20..70).step(7) { |k| print 2.0 ** k, " " }
puts
(-12..25).each { |k| print 10.0 ** k, " " }
puts
[0.1, 0.2, 0.3, 0.7, 1.1, 2.675, 1.005, 123.456, 9.995, 0.000123456, 5e-324, 2.2250738585072014e-308,
 1.7976931348623157e308, 4.35, 0.1 * 3, 100.0 / 3, 1e15 + 0.3, 1e16 + 2, 123456789.0, 0.5e-6].each { |f| print f, " " }
puts
p (1..10).map { _1 * 0.1 }
p (1..10).map { _1 / 7.0 }.map { _1.round(4) }
p [1.0e-4, 1.0e-5, 9.99e-5, 1.0e15, 9.999e15, 1.0e16, -1.5e-7, -2.5e20]
