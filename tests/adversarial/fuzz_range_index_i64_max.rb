# Found by carmine-fuzz (run target): an inclusive Integer range ending at
# 2**63 - 1 used as an index overflowed computing its length (a Rust
# panic, [BUG]) in Array#values_at, #[], #slice, #fill and String#[].
m = 9223372036854775807
a = [1, 2, 3, 4, 5]
p a.values_at(0..m, 3..)
p a[1..m], a.slice(2..m), a[-2..m]
p "hello"[1..m], "hello".byteslice(2..m)
p a.dup.fill(0, 3..m) rescue p $!.class
b = a.dup; b[4..m] = [:x]; p b
p (0..m).size, (0..m).last(2), (m - 1..m).to_a
