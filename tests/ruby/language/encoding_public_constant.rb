# __ENCODING__ and Module#public_constant.
p __ENCODING__
class A
  X = 1
  private_constant :X
  public_constant :X
  Y = 2
  private_constant :Y
end
p A::X, (A::Y rescue $!.class)
begin
  A.public_constant(:Z)
rescue NameError => e
  p e.message
end
