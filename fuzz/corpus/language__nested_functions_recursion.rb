# Recursion: factorial, ackermann (small), mutual recursion, tail-style accumulators
def fact(n) = n <= 1 ? 1 : n * fact(n - 1)
def ack(m, n)
  if m.zero? then n + 1
  elsif n.zero? then ack(m - 1, 1)
  else ack(m - 1, ack(m, n - 1))
  end
end
def even?(n) = n.zero? ? true : odd?(n - 1)
def odd?(n) = n.zero? ? false : even?(n - 1)
def sum_to(n, acc = 0) = n.zero? ? acc : sum_to(n - 1, acc + n)
def hanoi(n, from, to, via, moves = [])
  return moves if n.zero?
  hanoi(n - 1, from, via, to, moves)
  moves << "#{from}->#{to}"
  hanoi(n - 1, via, to, from, moves)
end
p fact(25), ack(2, 3), even?(100), odd?(7), sum_to(1000)
p hanoi(3, :a, :c, :b), hanoi(10, 1, 3, 2).size
def flatten_deep(a) = a.each_with_object([]) { |x, acc| x.is_a?(Array) ? acc.concat(flatten_deep(x)) : acc << x }
p flatten_deep([1, [2, [3, [4, [5, [6]]]]]])
def permutations(a) = a.size <= 1 ? [a] : a.flat_map { |x| permutations(a - [x]).map { [x] + _1 } }
p permutations([1, 2, 3])
