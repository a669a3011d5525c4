# `recv&.attr op= v`, `||=`, `&&=` and `&.` targets (rescue =>):
# a nil receiver skips the whole assignment, the value is nil.
obj = nil
p(obj&.m += 3)
p(obj&.m ||= 3)
p(obj&.m &&= 3)
p(obj&.m += raise("not evaluated"))
begin
  raise "x"
rescue => obj&.captured_error
end
p obj

S = Struct.new(:m, :captured_error, :target)
o = S.new(1)
p(o&.m += 3, o.m)
p(o&.m ||= 5, o.m)
p(o&.m &&= 7, o.m)
o.m = nil
p(o&.m ||= 9, o.m)
begin
  raise "caught"
rescue => o&.captured_error
end
p o.captured_error

