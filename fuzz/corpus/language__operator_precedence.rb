# Operator precedence: **, unary minus, *, +, <<, &, |, comparisons, &&, ||, not, ternary, ranges
p 2 + 3 * 4 ** 2
p -2 ** 2, (-2) ** 2, 2 ** -1
p 1 + 2 << 1, 1 | 2 & 3, 1 ^ 3 | 4
p 1 < 2 == true, !true == false
p true && false || true, true || false && false
p (not true) || true
p 1 + 2 == 3 ? "yes" : "no"
p 1..2 == (1..2) rescue p $!.class
x = 1 if true unless false
p x
p [1, 2, 3].map { _1 * 2 }.sum + 1
y = 2
y += y *= 3
p y
p 10 - 2 - 3, 2 ** 3 ** 2, 100 / 10 / 5, 7 % 4 * 2
p 5 & 3 == 1, (5 & 3) == 1
p !!nil, !0
