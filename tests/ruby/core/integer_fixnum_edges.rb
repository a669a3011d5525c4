# Unary and predicate Integer methods at the Fixnum/Bignum boundary (the
# Fixnum cases take their own short paths): negation, complement, to_f
# rounding past 2**53, parity, sign, abs and bit_length, and the class
# each result lands in.
vals = [0, 1, -1, 2, -2, 7, -7, 2**61, -2**61, 2**62 - 1, -2**62, 2**62, -2**62 - 1, 2**63, -2**63, 2**64 + 5, -(2**64 + 5), 4611686018427387903, -4611686018427387904, 9007199254740993, -9007199254740993, 2**53 + 1]
vals.each do |v|
  p [v, -v, ~v, v.to_f, v.even?, v.odd?, v.positive?, v.negative?, v.abs, v.magnitude, v.bit_length, (-v).class, v.abs.class]
end
