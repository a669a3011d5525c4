# $~-derived globals ($&, $1.., $`, $', $+) are byte slices of the matched
# String, also when it holds bytes that are not valid UTF-8.
s = "\xff\xfeab-cd".b
if s =~ /(\w+)-(\w+)/
  p $&, $1, $2, $`, $', $+
end
t = "x\xffy z".force_encoding("BINARY")
p t =~ /z/, $`, $'
u = "na\u00efve caf\u00e9 " * 3
u.scan(/(\p{L}+) /) { p [$1, $`.bytesize, $'.bytesize] }
long = "ab" * 200 + "\xff-tail".b
p long.b =~ /-(t\w+)/, $1, $`.bytesize, $'.size
p "stra\u00dfe" =~ /(.)e\z/, $1, $&.encoding
