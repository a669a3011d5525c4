# Found by carmine-fuzz (run): indexes between the Fixnum and C long limits
# built out-of-range Fixnums (Symbol#[], String#[]).
p :hello[0x7fffffffffffffff], "hello"[0x7fffffffffffffff], "hello"[2**62], "hello"[-2**62], "hello"[4.6e18]
p [1, 2][0x7fffffffffffffff], [1, 2][2**62], [1, 2].fetch(2**62) rescue p $!
p "ab".byteslice(2**62), "ab".byteslice(0, 2**62), [1,2].first(2**62) rescue p $!
p [1,2,3].rotate(2**62), [1,2,3].sample(random: Random.new(1)), "abc".slice(2**62, 1) rescue p $!
p [1,2].values_at(2**62), [1, 2].dig(2**62), "abc".getbyte(2**62), (1..2).step(2**62).to_a rescue p $!
