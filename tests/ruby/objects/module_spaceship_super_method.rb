# Module#<=> orders classes and modules by inheritance (nil when
# unrelated); UnboundMethod#super_method walks up from the owner.
class A; def speak = "a"; end
class B < A; def speak = "b" + super; end
class C < B; def speak = "c" + super; end
module M; end
class D; include M; end
p B <=> A, A <=> B, A <=> A, A <=> String, A <=> 3, Comparable <=> Integer, Integer <=> Comparable, M <=> D, D <=> M
p [C, A, B].sort.inspect rescue p $!.class
p C.instance_method(:speak).super_method.owner, C.instance_method(:speak).super_method.super_method.owner
p A.instance_method(:speak).super_method
p C.new.method(:speak).super_method.call, C.new.method(:speak).super_method.owner
