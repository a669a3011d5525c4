# Proc creation styles, call styles, curry, composition, parameters, to_proc, ===
sq = proc { |x| x * x }
p sq.call(3), sq.(4), sq[5], sq.yield(6), sq === 7
l = lambda { |a, b = 2| a * b }
p l.curry[3], l.parameters, l.arity
add3 = ->(a, b, c) { a + b + c }
c = add3.curry
p c[1][2][3], c.(1, 2).(3), add3.curry.arity
f = ->(x) { x + 1 } >> ->(x) { x * 10 }
g = ->(x) { x + 1 } << ->(x) { x * 10 }
p f.(1), g.(1), (method(:Integer) >> ->(n) { n * 2 }).("21")
p Proc.new { |x| x }.lambda?, proc { }.arity, lambda(&sq).lambda?
p sq.to_proc.equal?(sq)
case 16
when ->(n) { n > 10 } then puts "big via Proc#==="
end
counter = Enumerator.new { |y| 3.times { y << _1 } }
p counter.map(&sq)
p %w[1 2].map(&method(:Integer)), [[1, 2]].map(&->((a, b)) { a + b })
h = {a: 1, b: 2}
p %i[a b c].map(&h)
