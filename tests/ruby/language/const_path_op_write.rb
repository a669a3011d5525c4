# A::B ||= v, A::B &&= v and A::B op= v
module M; end
p(M::X ||= 1)
p(M::X ||= 2)
p M::X
M::N = nil
p((M::N &&= 3), M::N)
p((Object::Q ||= true), Q)
module M
  W = 10
end
p M.const_defined?(:W), (M::W ||= 0)
