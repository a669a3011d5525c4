# Default ==, eql?, equal? on plain objects and overriding only ==
class Plain; end
class EqOnly
  attr_reader :v
  def initialize(v) = @v = v
  def ==(o) = o.class == self.class && o.v == v
end
a = Plain.new
b = Plain.new
p a == a, a == b, a.eql?(a), a.equal?(b), a != b
x = EqOnly.new(1)
y = EqOnly.new(1)
p x == y, x != y, x.eql?(y), x.equal?(y)
p [x].include?(y), [x].index(y), [x, y].uniq.size
p({x => 1}.key?(y))
p [x] == [y]
p [x].count(y)
p x.hash == x.hash
