p 200.chr, 200.chr.encoding, 65.chr.encoding, 200.chr(Encoding::UTF_8)
p String.try_convert(1), String.try_convert("a")
begin; Object.new(1); rescue => e; p e; end
p ObjectSpace.each_object(Class).class
add = proc { |a, b, c| a + b + c }
p add.curry[1][2][3], add.curry.arity
l = ->(a, b) { a * b }
p l.curry[3][4]
begin; l.curry(3); rescue => e; p e; end
p "\xff".b =~ /\xff/n
p "é".b.gsub(/[^a]/, "x")
p "caf\xC3\xA9".b.scan(/./n).size
p "abc".b.match?(/b/)
