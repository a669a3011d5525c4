# defined? over receiver chains, short and past the checked depth
class Obj
  def a = self
  def method_missing(n, *) = n == :ghost ? self : super
  def respond_to_missing?(n, p = false) = n == :ghost || super
  private def priv = 1
end
o = Obj.new
p defined?(o.a.a.a), defined?(o.a.priv), defined?(o.a.nope.a), defined?(o.ghost.a)
deep = "o" + ".a" * 100
p eval("defined?(#{deep})"), eval("defined?(#{deep}.nope)"), eval("defined?(#{deep}.nope.a)")
p eval("defined?(#{deep}.priv)"), eval("defined?(#{deep}.priv.a)")
p defined?(String::Foo::Bar), defined?(Comparable::Kernel)
p eval("x = " + (["1"] * 300).join(" + ") + " + defined? " + (["1"] * 300).join(" + ")) rescue p $!.class
p eval("defined?(" + (["1"] * 300).join(" + ") + ")")
