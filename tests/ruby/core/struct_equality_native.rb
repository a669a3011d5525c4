P = Struct.new(:x, :y)
Q = Struct.new(:x, :y)
class P3 < P; end
a = P.new(1, 2)
p a == P.new(1, 2), a.eql?(P.new(1, 2)), a == P.new(1.0, 2), a.eql?(P.new(1.0, 2))
p a == Q.new(1, 2), a == P3.new(1, 2), P3.new(1, 2) == P3.new(1, 2), a == [1, 2], a == nil
s = P.new(1, 2); def s.extra = 1
p a == s, s == a
r1 = P.new(1, nil); r1.y = r1
r2 = P.new(1, nil); r2.y = r2
p r1 == r2, r1.eql?(r2), r1 == r1
r3 = P.new(2, nil); r3.y = r3
p r1 == r3
class Weird; def ==(o) = (puts "Weird#== called"; true); end
p P.new(Weird.new, 1) == P.new(2, 1), P.new(2, 1) == P.new(Weird.new, 1)
p P.new("a", :b).hash == P.new("a", :b).hash, { P.new(1, 2) => :v }[P.new(1, 2)]
class P
  def ==(o) = :overridden
end
p a == P.new(1, 2)
p [a] == [P.new(1, 2)]
K = Struct.new(:k, keyword_init: true)
p K.new(k: 1) == K.new(k: 1), K.new(k: 1).eql?(K.new(k: 1.0))
