# Found by carmine-fuzz (run target): (1..n).inject(1, :*) over Bignums
# runs in a native loop where GC never runs, so the intermediate products
# exhaust memory (a Rust abort) although the live data is small.
def fact(n) = (1..n).inject(1, :*)
p fact(25) / fact(65536)
p fact(20000).to_s.size
