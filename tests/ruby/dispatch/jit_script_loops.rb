# Loops at the top level of a script. With --jit (on-stack replacement)
# the script is compiled from its hot loop and entered there; each way out
# of that code must leave the interpreter exactly where CRuby would be:
# Floats and Bignums through the Fixnum paths, break with a value, next,
# nested loops, a loop inside an expression (operands below it on the
# stack), methods redefined and Integer#+ redefined while the loop runs,
# constants reassigned, exceptions raised and rescued in a callee, and a
# second loop after the first. (No blocks here: a block capturing the
# script's locals keeps it interpreted.)

class Acc
  attr_reader :total

  def initialize
    @total = 0
  end

  def add(x)
    @total += x
    self
  end

  def risky(i)
    raise ArgumentError, "bad #{i}" if i % 97 == 0
    i
  rescue ArgumentError => e
    -e.message.size
  end
end

LIMIT = 3000
acc = Acc.new
i = 0
sum = 0
while i < LIMIT
  sum += i * 3
  acc.add(i & 7)
  sum -= acc.risky(i)
  i += 1
end
p [i, sum, acc.total]

# Floats and Bignums through the Fixnum paths, mid-loop
x = 1
n = 0
while n < 200
  x = x * 3 if n < 100
  x = x + 0.5 if n == 150
  n += 1
end
p [n, x.class, x > 10**40]

# break with a value, next
j = 0
found = while true
  j += 1
  next if j.odd?
  break j * 100 if j > 50
end
p [j, found]

# nested loops
outer = 0
cells = 0
while outer < 40
  inner = 0
  while inner < outer
    cells += inner ^ outer
    inner += 1
  end
  outer += 1
end
p [outer, cells]

# a loop inside an expression: operands below it on the stack
k = 0
arr = [1, (while k < 500; k += 1; end), k, 2]
p arr

# methods redefined while the loop is hot
class Acc
  def bump(v) = v + 1
end
m = 0
t = 0
while m < 2000
  t += acc.bump(m)
  if m == 1000
    class Acc
      def bump(v) = v + 2
    end
  end
  m += 1
end
p t

# Integer#+ redefined and restored while the loop is hot
q = 0
r = 0
while q < 400
  r += 1
  if q == 200
    class Integer
      alias_method :orig_plus, :+
      def +(o) = orig_plus(o).orig_plus(1)
    end
  end
  if q == 300
    class Integer
      remove_method :+
      alias_method :+, :orig_plus
    end
  end
  q += 1
end
p [q, r]

# a constant reassigned inside the loop
STEP = 1
c = 0
s2 = 0
$VERBOSE = nil
while c < 1000
  s2 += STEP
  STEP = 2 if c == 500
  c += 1
end
p s2

# strings built in a loop, then a second loop over them
str = +""
w = 0
while w < 300
  str << (w % 10).to_s
  w += 1
end
z = 0
digits = 0
while z < str.size
  digits += str.getbyte(z) - 48
  z += 1
end
p [str.size, digits]
