# "previous definition of X was here": constant reassignment warnings and
# class/module kind mismatches name the earlier definition site.
X = 1
begin
  eval("class X; end")
rescue TypeError => e
  p e.message
end
module M; end
begin
  eval("class M; end")
rescue TypeError => e
  p e.message
end
class K; end
begin
  eval("module K; end")
rescue TypeError => e
  p e.message
end
Y = :first
Y = :second
p Y
class Holder
  Z = 1
  Z = 2
end
p Holder::Z
