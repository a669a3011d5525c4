# Operations near fixnum and 64-bit limits stay exact
max = 2 ** 62 - 1
min = -(2 ** 62)
p max + 1
p min - 1
p max * max
p -min
p min.abs
p max.succ
p (2 ** 63) - 1
p (2 ** 63) + (2 ** 63)
p (2 ** 64) >> 1
p 1 << 64
p (1 << 64) >> 64
p -1 >> 100
p (2 ** 64).bit_length
p 9223372036854775807.class
p (2 ** 64) & (2 ** 64 - 1)
p (2 ** 64) | 1
p (2 ** 65) ^ (2 ** 64)
p ~(2 ** 64)
p (2 ** 64).to_f
p (10 ** 20).fdiv(10 ** 18)
p Integer.sqrt(10 ** 20)
p (10 ** 20).gcd(10 ** 15 * 3)
p 2 ** 64 > 2 ** 63, (2 ** 64) <=> (2 ** 64)
p (2 ** 64).hash == (2 ** 64).hash
