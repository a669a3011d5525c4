S = Struct.new(:a, :b)
x = S.new(1, [2, 3])
y = S.new(1, [2, 3])
p x.hash == y.hash, x.eql?(y), { x => 1 }[y], S.new(1, 2.0).eql?(S.new(1, 2)), { S.new(1, 2) => 1 }[S.new(1, 2.0)]
r = S.new(1)
r.b = r
p r.hash == r.hash, { r => 1 }[r]
T = Struct.new(:a)
p S.new(1).hash == T.new(1).hash, { S.new(1, nil) => :s }[T.new(1)]
class S; def hash = 42; end
p S.new(5).hash, { S.new(5) => 1 }.key?(S.new(5))
class U < Struct.new(:v); def eql?(o) = true; def hash = 1; end
p({ U.new(1) => :a }[U.new(2)])
o = Object.new
p({ o => 1 }[o], { o => 1 }[Object.new])
