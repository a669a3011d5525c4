# each_char/chars/bytes/lines, ord/chr, sum, crypt-free helpers, encodings free
p "abc".chars, "abc".bytes, "a\nb\n".lines, "héllo".bytesize, "héllo".length
p "hello world".each_char.select { "aeiou".include?(_1) }
p "abc".each_char.map(&:ord), [104, 105].map(&:chr).join
p "hello"*2, "hello".insert(-1, "!"), "hello".prepend("¡")
p "snake_case".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
p "text".freeze.upcase.frozen?
p "abc".between?("abb", "abd"), "a".ord.between?(97, 122)
p "line1\nline2".each_line.map(&:chomp)
p "tEsT".swapcase, "hello"[1..].capitalize
p "hello %s, you are %d" % ["Bob", 30]
p "abc" =~ /c/, "abc".index(/c/), "aXbXc".rindex("X")
p "wrap this long text now".scan(/.{1,10}(?:\s|$)/).map(&:strip)
p "ab\tc".expand_tabs rescue p "ab\tc".gsub("\t", "    ")
p "%-5s|%5s" % %w[l r]
p "hello"=="hello".dup, "a".dup << "b"
p "x".encoding.to_s, "abc".force_encoding("ASCII-8BIT").encoding.to_s
