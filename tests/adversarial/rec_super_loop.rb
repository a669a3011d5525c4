module M
  def f = super
end
class A
  def f = B.new.f
end
class B < A
  include M
end
begin
  B.new.f
rescue SystemStackError => e
  p e.class
end
