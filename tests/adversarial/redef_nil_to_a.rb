class NilClass
  def to_a = [1, 2]
end
p [*nil]
a, b = nil
p [a, b]
def f(*r) = r
p f(*nil)
class Integer
  def to_a = [9, 9]
end
p [*3]
class Hash
  def to_a = raise("no")
end
p [*{a: 1}] rescue p $!.message
