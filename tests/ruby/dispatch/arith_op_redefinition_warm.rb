# Every arithmetic fast path (Integer and Float + - * / % & |, boxed and
# immediate Floats) is warmed, then each operator is redefined, and put
# back: the warm sites must see each change at once.
def ops(a, b) = [a + b, a - b, a * b, a / b]
def bits(a, b) = [a & b, a | b, a % b]
small = 1.0e-300 # a boxed (non-flonum) Float
5.times { ops(6, 3); ops(1.5, 0.5); ops(small, 2.0); bits(6, 3) }
p ops(6, 3), ops(1.5, 0.5), ops(small, 2.0), bits(6, 3)
%i[+ - * /].each do |op|
  [Integer, Float].each do |c|
    c.class_eval do
      alias_method :saved_op, op
      define_method(op) { |o| "#{c}##{op}" }
    end
    p [op, c, ops(6, 3), ops(1.5, 0.5), ops(small, 2.0)]
    c.class_eval do
      alias_method op, :saved_op
      remove_method :saved_op
    end
  end
end
%i[& | %].each do |op|
  Integer.class_eval do
    alias_method :saved_op, op
    define_method(op) { |o| "Integer##{op}" }
  end
  p [op, bits(6, 3)]
  Integer.class_eval do
    alias_method op, :saved_op
    remove_method :saved_op
  end
end
p ops(6, 3), ops(1.5, 0.5), ops(small, 2.0), bits(6, 3)
p 2**10, 2.0**0.5, 6 & 3
