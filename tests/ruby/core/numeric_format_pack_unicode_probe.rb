# encoding: utf-8
values = [0, -0.0, 1.0/3, 2.5, 3.5, -2.5, 1e20, 1.23456789e-7, 100.0, 1234567.891, Float::INFINITY, -Float::INFINITY, 2**64, -(2**70), 12r/7, Complex(1, -2)]
values.each do |v|
  parts = [v.inspect, v.to_s]
  parts << (v.respond_to?(:round) && !v.is_a?(Complex) && v.finite? ? [v.round, v.round(2), v.floor(1), v.ceil(-1)].inspect : "-") rescue parts << "err #{$!.class}"
  parts << (format("%.3e|%10.4f|%-8g|%+d", v, v, v, v.to_i) rescue "fmt #{$!.class}: #{$!.message}")
  puts parts.join("  ")
end
p 1234567.891.round(-3), 15.round(-1), 25.round(-1, half: :even), 2.675.round(2), 0.1 + 0.2, (0.1 + 0.2).round(15)
p 10.divmod(3), -10.divmod(3), 10.0.divmod(-3), -7 / 2, -7 % 2, -7.remainder(2), 7.fdiv(2), 2**-2, 0**0, 4**0.5
p Integer.sqrt(10**20 + 1), 10.pow(20, 7), 255.to_s(2), "ff".hex, "0b1010".to_i(0), "12abc".to_i, " 42 ".strip.to_i, "1_000".to_i
p 1234567.digits.each_slice(3).map(&:sum), 100.digits(16), 6.lcm(4), 12.gcd(18), 10.bit_length, -1.bit_length
p Rational("0.75"), 0.75.to_r, 0.1.rationalize(Rational(1, 100)), 3.14.rationalize(0.01), Rational(5, 10).inspect
p Complex("1+2i") * Complex(0, 1), Complex(3, 4).abs, Complex.polar(1, Math::PI / 2).rect.map { _1.round(10) }
p "%05.1f%%" % 99.456, "%x %o %b %X" % [255, 8, 5, 3054], "%-6s|%6s|" % %w[ab cd], "%c%c" % [72, "i"], "%08.3f" % -3.14159
p "%s and %p" % ["str", "str"], "%<a>s-%<b>05d" % { a: 1, b: 2 }, "%{x}/%{y}" % { x: "X", y: :Y }, format("%*d|%-*d|", 5, 1, 4, 2)
p 12345678.to_s.reverse.scan(/\d{1,3}/).join(",").reverse, 1e3.to_i, 1.0e-5.to_s, 123456789012345.0.to_s, 1e16.to_s, -0.0.to_s
p [1, 2, 3].sum / [1, 2, 3].size, [1, 2, 3].sum.fdiv(3).round(3), [0.1] * 10 == [0.1] * 10, ([0.1] * 10).sum, [0.1, 0.2, 0.3].sum
p 3.7 % 1, -3.7.truncate, -3.7.floor, -3.2.ceil, 3.5.round(half: :down), 3.14159.floor(3), 12.5.to_i, Float("1_000.5"), Integer("0x1f", exception: false)
p (1..10).step(3).to_a, 1.step(2, 0.5).to_a, 10.downto(7).to_a, (1.0..2.0).step(0.25).map { _1 }, (1..Float::INFINITY).lazy.map { _1 * 2 }.first(3)
p [3, 1, 2].minmax, [1.5, 2, 3r].max, [1, 2, 3, 4].partition(&:even?), (1..6).each_cons(2).map { _2 - _1 }.uniq, [4, 9, 16].map(&Math.method(:sqrt))
begin; Integer("12x"); rescue ArgumentError => e; p e.message; end
begin; Float("abc"); rescue ArgumentError => e; p e.message; end
begin; 1 / 0; rescue ZeroDivisionError => e; p e.message; end
p 1.0 / 0, -1 / 0.0, (0.0 / 0.0).nan?, 1 <=> "a", (1 < "a" rescue $!.message)
b = [1, 2, 3, 65535, -1].pack("CnNvl<")
p b.bytesize, b.unpack("CnNvl<"), b.unpack1("C"), [1.5].pack("E").unpack1("E"), ["616263"].pack("H*"), "abc".unpack("C*").sum
p ["héllo wörld"].pack("m0"), "aGVsbG8=".unpack1("m"), ["x" * 3].pack("A5") + "|", ["abc", "de"].pack("a4Z*").bytes, [97, 0x20AC].pack("U*")
s = "héllo wörld ☃"
p s.length, s.bytesize, s.encoding, s.b.encoding, s.bytes.first(3), s.unpack("U*").last, s.scan(/[[:alpha:]]+/), s.upcase, s.tr("ö", "o")
p s.force_encoding("ASCII-8BIT").valid_encoding?, s.force_encoding("UTF-8")[1], "\xff".dup.force_encoding("UTF-8").valid_encoding?, "abc".encode("UTF-16LE").bytesize
p "caf\u00e9".unicode_normalize(:nfd).length, "ｈｅｌｌｏ".unicode_normalize(:nfkc), "Straße".downcase, "ǅ".downcase, "ß".upcase, "i".upcase(:turkic)
p "snake_case_words".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join, "HelloWorldFooBar".gsub(/(?<!^)([A-Z])/, '_\1').downcase
p "a,b;c d".split(/[,; ]/), "a  b".split(" "), "a,b,,".split(","), "a,b,,".split(",", -1), "abc".split(""), "1 2 3".split.map(&:to_i).sum
p "hello"[1..], "hello"[-3, 2], "hello".slice(1, 100), "hello".center(11, "*"), "hi".ljust(5, "ab"), "title case here".split.map(&:capitalize).join(" ")
p "%.2f" % 1e-10, "%g" % 1e-10, "%g" % 123456789, "%e" % 0, "%a" % 1.0, 1.23.to_s, 100.0.to_s, 1e100.to_s, 1.0e-4.to_s, 0.0001234.to_s
