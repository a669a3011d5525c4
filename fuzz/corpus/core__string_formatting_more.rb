# More format directives: widths from args, signs, zero-pad of negatives, %e, %g, %a-free
p format("%08.3f", -3.14159), format("%+08d", 42), format("%-8d|", -42), format("% 05d", 7)
p format("%.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, -0.5)
p format("%.2e", 0), format("%e", 1e-10), format("%G", 1e-10), format("%g", 100000), format("%g", 1000000)
p format("%10.4s|", "abcdefg"), format("%-10.2s|", "xyz"), format("%c", "h")
p format("%o %x %X %b %B", -8, -255, 255, -5, 5)
p format("%#.3g", 1.0), format("%5.1f%%", 12.345), format("%s %p", nil, nil)
p format("%d%%", 50), "%3d|%-3d|%03d" % [1, 2, 3], "%.3s" % "abcdef"
p format("%<n>08.2f|%<n>.1e", n: 1234.5678)
p format("%x", 2 ** 70), format("%020b", 2 ** 10), format("%+.3d", 5)
p 12.5.to_s.rjust(8, "0"), 1234567.to_s.gsub(/\B(?=(\d{3})+(?!\d))/, ",")
begin
  format("%d", "abc")
rescue ArgumentError => e
  p e.message
end
begin
  format("%d %d", 1)
rescue ArgumentError => e
  p e.message
end
