class A; def x(a, b = 1, *r, k:, o: 2, **kw, &blk); end; def y = 1; end; class B < A; def y = super; end
module M; def y = super; end
class C < B; prepend M; end
p B.instance_method(:x) == A.instance_method(:x), B.instance_method(:x).hash == A.instance_method(:x).hash
p B.instance_method(:x), A.instance_method(:x), A.new.method(:x).unbind, B.new.method(:x).unbind == A.instance_method(:x), B.new.method(:x).unbind
p B.new.method(:y), C.new.method(:y), C.instance_method(:y), C.instance_method(:y).super_method, C.instance_method(:y).super_method.super_method
p C.new.method(:y).super_method, C.new.method(:y).super_method.super_method, C.new.method(:y).super_method.super_method.super_method
p 1.method(:+), [].method(:map), [].method(:map).unbind, Array.instance_method(:map), method(:puts), method(:p).unbind
p Kernel.instance_method(:puts), Comparable.instance_method(:clamp), C.instance_method(:y).bind(C.new).call
o = Object.new
def o.sing(z) = z
p o.method(:sing).inspect.sub(/0x\h+/, "XX"), o.method(:sing).unbind.inspect.sub(/0x\h+/, "XX")
p A.method(:new), A.instance_method(:y).bind_call(C.new), B.instance_method(:y).super_method
