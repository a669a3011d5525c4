class String
  def freeze = self
end
s = "a".freeze
s << "b"
p s
p s.frozen?
class Object
  def dup = :duped
  def clone(*) = :cloned
end
p [1].dup
p "x".clone
p Object.new.dup
h = {k: 1}
p h.merge(z: 2)
class Array
  def frozen? = true
end
a = [1]
a << 2
p a
