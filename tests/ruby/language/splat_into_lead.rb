# f(*a) and f(x, *a) into methods with only leading parameters.
def two(a, b) = [a, b]
def three(a, b, c) = [a, b, c]
def none = :none

pair = [1, 2]
p two(*pair), three(0, *pair), none(*[])
p two(*[nil, nil]), two(*[[1], [2]])

class MyArray < Array; end
p two(*MyArray[5, 6])

# wrong counts raise as CRuby does
[[], [1], [1, 2, 3]].each do |a|
  two(*a)
rescue ArgumentError => e
  p e.message
end
begin
  three(1, *[2])
rescue ArgumentError => e
  p e.message
end

# a Hash as the last element stays positional for a method without keywords
h = { k: 1 }
p two(*[1, h])
p two(*[1, {}])

# ruby2_keywords flagged Hash at the end
class R
  ruby2_keywords def pass(*args) = two(*args)
end
p R.new.pass(1, k: 2)
p R.new.pass(1, 2)

# the array is not changed, and is read once
a = [7, 8]
r = two(*a)
a[0] = 0
p r, a

# recursion over a tree of pairs (binarytrees' item_check)
def check(l, r) = l.nil? ? 1 : 1 + check(*l) + check(*r)
def tree(d) = d.zero? ? [nil, nil] : [tree(d - 1), tree(d - 1)]
p check(*tree(6))

# a non-Array splatted
def one(a) = a
p one(*nil.to_a.push(3)), two(*"ab".chars)
o = Object.new
def o.to_a = [4, 5]
p two(*o)
