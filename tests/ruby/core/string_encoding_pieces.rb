s = "hello world".force_encoding("US-ASCII")
b = "hello world".b
[s, b].each do |x|
  r = [x[1..2], x[1, 2], x[/l+/], x.byteslice(1, 2), x.downcase, x.upcase, x.capitalize, x.swapcase, x * 2, x.center(15), x.strip, x.sub("o", "0"), x.gsub("o", "0"), x.tr("l", "L"), x.delete("l"), x.squeeze, x.reverse, x.succ, x.chomp, x.chop, x.ljust(13), x.slice(0), x.split(" ").first, x.lines.first, x.chars.first, x.each_char.first, x.partition(" ").first, x.dup, x.clone, +x, x.scan(/o/).first, x.insert(0, ""), ("%s!" % x), x.prepend(""), x.freeze.then { _1 }, x.encode("UTF-8"), x.unpack1("a3"), x.delete_prefix("h"), x.delete_suffix("d"), x.rjust(12, "*")]
  p r.map { |y| y.encoding.to_s[0, 3] }.join(" ")
end
r = "a\nb".lines { |x| p x }
p r, "ab".chars { |c| p c }, "ab".bytes { |c| p c }, "ab".codepoints { |c| p c }, "é́a".grapheme_clusters { |g| p g }
old = $/
$/ = "b"
p "abcabc".lines, "abcabc".each_line.to_a
$/ = nil
p "a\nb".lines
$/ = old
sep = "-".force_encoding("US-ASCII")
p "a-b".partition(sep).map(&:encoding), "a-b".rpartition(sep).map(&:encoding), "é-b".partition(sep).map(&:encoding)
