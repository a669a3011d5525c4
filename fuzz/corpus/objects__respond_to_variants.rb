# respond_to? for public/private/protected, missing, after define/undef
class R
  def pub; end
  protected def prot; end
  private def priv; end
end
r = R.new
p r.respond_to?(:pub), r.respond_to?(:prot), r.respond_to?(:priv)
p r.respond_to?(:prot, true), r.respond_to?(:priv, true)
p r.respond_to?(:later)
class R; def later; end; end
p r.respond_to?(:later)
class R; undef_method :later; end
p r.respond_to?(:later)
p 5.respond_to?(:+), nil.respond_to?(:to_a), "".respond_to?(:each)
p R.method_defined?(:pub), R.method_defined?(:priv), R.method_defined?(:prot)
p R.public_method_defined?(:prot), R.protected_method_defined?(:prot)
