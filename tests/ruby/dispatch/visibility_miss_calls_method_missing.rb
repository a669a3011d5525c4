# A call that visibility forbids goes to a user-defined method_missing (as
# CRuby's vm_call_method_missing with MISSING_PRIVATE/PROTECTED); without
# one, the NoMethodError names the visibility. NoMethodError#args holds the
# arguments of the failed call.
class A
  def method_missing(n, *a) = [:mm, n, a]
  private def priv = 1
  protected def prot = 2
end
a = A.new
p a.priv
p a.prot
p a.public_send(:priv)
p a.public_send(:prot)
class B
  def inspect = "#<B>"
  private def priv = 1
  protected def prot = 2
  def method_missing(n, *a)
    n == :other ? :other : super
  end
end
b = B.new
[:priv, :prot].each do |m|
  begin
    b.public_send(m)
  rescue NoMethodError => e
    puts e.message
  end
end
begin; b.priv; rescue NoMethodError => e; puts e.message; end
begin; b.prot; rescue NoMethodError => e; puts e.message; end
class C
  def inspect = "#<C>"
  private def priv = 1
end
begin; C.new.priv(1, 2); rescue NoMethodError => e; puts e.message, e.args.inspect, e.name.inspect; end

# warm sites: public -> private -> public while the site is hot
class D
  def m(x) = x + 1
  def method_missing(n, *a) = [:mm, n, *a]
end
d = D.new
out = []
6.times do |i|
  D.send(:private, :m) if i == 2
  D.send(:public, :m) if i == 4
  out << d.m(i)
end
p out
class E; end
begin; E.new.nope(1, 2); rescue NoMethodError => e; p e.args, e.name; end
begin; E.new.nope(*[3, 4], k: 1); rescue NoMethodError => e; p e.args; end
begin; nope2(5); rescue NoMethodError => e; p e.args; end
begin; E.new.public_send(:nope, 6); rescue NoMethodError => e; p e.args; end
begin; E.new.send(:nope, 7); rescue NoMethodError => e; p e.args; end
