# Basic Integer arithmetic and precedence
p 7 + 3 * 2
p (7 + 3) * 2
p 2 ** 10
p 2 ** -1
p 2 ** 0
p 10 / 3
p 10 % 3
p 10.fdiv(4)
p 7 - 10
p 3 * -4
p 1 << 10
p 1024 >> 3
p 6 & 3
p 6 | 3
p 6 ^ 3
p ~5
p -2 ** 2
p (-2) ** 2
p 10.pow(3, 7)
