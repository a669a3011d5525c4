# respond_to? answers false for a missing name without calling
# respond_to_missing? while no program code has defined one; each way of
# defining one later must be seen at once.
class Plain; end
class Later; end
o = Plain.new
l = Later.new
p o.respond_to?(:zap), l.respond_to?(:zap), o.respond_to?(:to_s)

class Later
  def respond_to_missing?(name, priv = false) = name.to_s.start_with?("z")
end
p o.respond_to?(:zap), l.respond_to?(:zap), l.respond_to?(:nope)

s = Plain.new
def s.respond_to_missing?(name, priv) = name == :only_me
p s.respond_to?(:only_me), o.respond_to?(:only_me)

module Dyn
  def respond_to_missing?(name, priv = false) = name == :dyn || super
end
class WithDyn; end
w = WithDyn.new
p w.respond_to?(:dyn)
WithDyn.include(Dyn)
p w.respond_to?(:dyn), w.respond_to?(:other)

class ViaDefine
  define_method(:respond_to_missing?) { |name, priv = false| name == :vd }
end
p ViaDefine.new.respond_to?(:vd), ViaDefine.new.respond_to?(:x)

class Priv
  private def hidden = 1
  def respond_to_missing?(name, priv) = priv && name == :secret
end
p Priv.new.respond_to?(:hidden), Priv.new.respond_to?(:hidden, true)
p Priv.new.respond_to?(:secret), Priv.new.respond_to?(:secret, true)

module Kernel
  alias_method :old_rtm, :respond_to_missing?
  def respond_to_missing?(name, priv = false) = name == :everywhere || old_rtm(name, priv)
end
p Object.new.respond_to?(:everywhere), 1.respond_to?(:everywhere), o.respond_to?(:zap)
