# format/sprintf/% with many directives and flags
puts format("%d|%5d|%-5d|%05d|%+d|% d", 42, 42, 42, 42, 42, 42)
puts format("%x|%X|%#x|%o|%#o|%b|%#b|%08b", 255, 255, 255, 8, 8, 5, 5, 5)
puts format("%f|%.2f|%10.3f|%-10.1f|%e|%.3e|%E", 3.14159, 3.14159, 3.14159, 3.14159, 12345.678, 12345.678, 0.00012)
puts format("%g|%g|%g|%g", 1.0, 0.0001, 123456789.0, 1e-5)
puts format("%s|%10s|%-10s|%.2s", "str", "right", "left", "truncate")
puts format("%p|%p|%p", nil, "q", :s)
puts format("%c%c", 65, "z")
puts format("%%|%5.1f%%", 99.44)
puts format("%<a>s and %<b>05.1f", a: "named", b: 2.25)
puts format("%{x}-%{y}", x: 1, y: [2])
puts format("%*d|%-*d|", 6, 1, 4, 2)
puts format("%d", -0)
puts format("%x", -255)
puts format("%.3d", 7)
puts format("%s", [1, "a"])
puts "%05.2f" % 3.14159
puts "%s and %s" % %w[x y]
puts "%-6s|" % :sym
puts "%d items" % 3.99
puts format("%.10g", 1.0 / 3)
puts format("%+.1e", -1234.5)
puts format("%3$s %1$s %2$s", "a", "b", "c")
puts format("%d", 2 ** 70)
puts format("%,d", 1) rescue puts "ArgumentError: #{$!.message}"
