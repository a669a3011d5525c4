# Bignum arithmetic crossing the fixnum boundary
a = 2 ** 62
p a
p a.class
p a * 2
p a * a
p 2 ** 64 - 1
p (2 ** 64) / 3
p (2 ** 64) % 1000
p -(2 ** 70)
p (2 ** 100).to_s.length
p 4611686018427387903 + 1
p -4611686018427387904 - 1
p (2 ** 64) == 18446744073709551616
p (2 ** 64).even?
p (3 ** 50)
p (10 ** 30) / (10 ** 28)
p (2**64).divmod(7)
p (-(2**64)).divmod(7)
