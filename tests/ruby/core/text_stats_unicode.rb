# Text statistics with regexps, gsub with hash/block, scan, named captures, heredocs, String methods
TEXT = <<~T
  The quick brown fox — jumped over 3 lazy dogs; then, at 10:45pm, it ran 2.5 km!
  Émile said: "naïve café owners don't close before 22:00."
  Visit https://example.com/path?q=ruby&lang=en or mail info@example.org.
  Numbers: -12, +7, 3.14159, 1_000, 0x1F; dates 2024-02-29 and 1999-12-31.
T

words = TEXT.scan(/[[:alpha:]']+/)
p words.size, words.first(5), words.map(&:downcase).tally.select { |_, c| c > 1 }
p TEXT.scan(/\d{1,2}:\d{2}(?:am|pm)?/)
p TEXT.scan(/(\d{4})-(\d{2})-(\d{2})/)
if (m = TEXT.match(/(?<user>\w+)@(?<domain>[\w.]+)\.(?<tld>[a-z]+)/))
  p m[:user], m["domain"], m.names, m.captures, m.pre_match.size, m.named_captures
end
p TEXT.lines.map { |l| l.length }, TEXT.lines.map(&:bytesize)
p TEXT.each_char.count { |c| c.ord > 127 }
p TEXT[/Émile.*?:/], TEXT.index("café"), TEXT.byteindex("café") rescue p $!.class
p TEXT.gsub(/\d+/) { |d| (d.to_i * 2).to_s }.lines[0]
p "cat hat bat".gsub(/[chb]at/, "cat" => "feline", "hat" => "cap")
p "2024-02-29".sub(/(\d+)-(\d+)-(\d+)/, '\3/\2/\1')
p "hello world".gsub(/o/, "o" => "0"), "snake_case_name".gsub(/_(\w)/) { $1.upcase }
p "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.delete_prefix("_")
url = TEXT[%r{https?://\S+}]
p url
scheme, rest = url.split("://", 2)
host, query = rest.split("?")
params = query.delete_suffix(" ").split("&").to_h { _1.split("=") }
p scheme, host, params
p "naïve café".upcase, "ÉMILE".downcase, "straße".upcase, "ǅ".swapcase
p "naïve".reverse, "naïve".chars, "naïve".bytes.size, "naïve"[2], "naïve"[1..3]
p "naïve café".center(20, "*"), "x".ljust(4, "ab"), "%-6s|" % "é"
p "a,b;c d".split(/[,; ]/), "a  b   c".split, "abc".split(""), "a,b,,".split(","), "a,b,,".split(",", -1)
p "hello"*3, "abc".succ, "az".succ, "zz".succ, "a9".succ, "Zz".succ
p "hello world".tr("lo", "01"), "hello".tr("a-y", "b-z"), "hello".delete("l"), "aaabbb".squeeze
p "hello".count("l"), "hello world".count("lo", "o"), "Hello".start_with?("he", "He")
p "  pad  ".strip, "\tx\n".lstrip, "xxhixx".gsub(/^x+|x+$/, "")
p "%.3f" % 2.0/3 rescue p $!.class
p "abc".each_char.with_index.map { |c, i| c * (i + 1) }.join("-")
p "The Title Of Book".split.map(&:capitalize).join(" "), "mIxEd".swapcase
p "ruby is fun".each_grapheme_cluster.count rescue p $!.class
p "line1\nline2\r\nline3".lines(chomp: true), "a-b-c".rpartition("-"), "a-b-c".partition("-")
p "hello %s, you are %d" % ["Bob", 42], "abc" <=> "abd", "a".casecmp?("A")
p "encode".encoding, "bin\xff".b.encoding, "bin\xff".valid_encoding?, "é".unpack("U*"), [233].pack("U")
freq = Hash.new(0)
TEXT.downcase.each_char { |c| freq[c] += 1 if c.match?(/[a-z]/) }
p freq.sort_by { |c, n| [-n, c] }.first(5)
p TEXT.unicode_normalize(:nfd).length rescue p $!.class
