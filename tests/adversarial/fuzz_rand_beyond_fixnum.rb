# Found by carmine-fuzz (run): rand with a limit near 2**63 returned values
# beyond the Fixnum range as out-of-range Fixnums (debug assertion).
srand(3)
a = 20.times.map { rand(0x7fffffffffffffff) }
p a.first(3), a.count { _1 > 2**62 } > 0, a.all? { _1.is_a?(Integer) && _1 >= 0 }
r = Random.new(9)
p r.rand(2**63 - 1), r.rand(2**62 + 1), rand(4.6e18).class
