# Found by carmine-fuzz (run target): a huge count to
# repeated_combination overflowed a Vec capacity (Rust panic, [BUG]).
p [1, 2].repeated_combination(1e308).to_a rescue p $!.class
p [1, 2].repeated_permutation(2).to_a
p [1, 2].repeated_combination(2**64).to_a rescue p $!.class
