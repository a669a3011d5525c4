def t; p yield; rescue => e; p e; end
t { "é" =~ /\xc3/n }
t { "é".b =~ /é/ }
t { "é".b =~ /\xc3\xa9/n }
t { "\xff" =~ /x/ }
t { "\xff".gsub(/x/, "") }
t { "a\xffb".b.split(/\xff/n) }
t { "a\xffb\xfe".b.scan(/[\x80-\xff]/n) }
t { "a\xffb\xfe".b.scan(/./) }
t { "a\xffb\xfe".b.scan(/./).map(&:encoding) }
t { $~ && [$~.pre_match, $~.begin(0), $~[0].encoding] }
t { "x\xffy".b.index(/y/) }
t { "x\xffy\xff".b.rindex(/\xff/n) }
t { "x\xffy".b.sub(/\xff/n) { |m| m.bytes.inspect } }
t { "x\xffy".b.match?(/\xff/n) }
t { "x\xffy".b.start_with?(/x\xff/n) }
t { "x\xff y".b.partition(/\s/) }
t { "\xe9t\xe9".b =~ /\w+/ }
t { "\xe9t\xe9".b[/t./] }
t { "\xe9t\xe9".b.tr("\xe9".b, "e") }
t { require 'strscan'; s = StringScanner.new("\xff\xfeab".b); [s.scan(/\xff/n), s.pos, s.scan(/./), s.pos, s.rest] }
p(/a/n.encoding, /\xff/n.encoding, /é/.encoding, /a/.encoding, /a/u.encoding, /a/n.fixed_encoding?, /\xff/n.fixed_encoding?, /é/.fixed_encoding?, /a/u.options, /a/.fixed_encoding?)
p("é" =~ /a/n)
p("é".b =~ /a/u) rescue p $!
p "é".scan(/./), "é".b.scan(/./), "é".b.scan(/./).map(&:encoding)
