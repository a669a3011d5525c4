# instance_eval, class_eval, instance_exec, class_exec with blocks and self
class Secret
  def initialize = @hidden = 42
  private def priv = :private_called
end
s = Secret.new
p s.instance_eval { @hidden }
p s.instance_eval { priv }
p s.instance_exec(8) { |n| @hidden + n }
Secret.class_eval do
  def added = "added #{@hidden}"
end
p s.added
Secret.class_exec(:dyn) do |name|
  define_method(name) { name }
end
p s.dyn
String.class_eval { def shout = upcase + "!" }
p "hi".shout
o = Object.new
o.instance_eval do
  @v = 1
  def only_me = :singleton_via_instance_eval
end
p o.only_me, o.instance_variable_get(:@v)
p Secret.instance_eval { self }
p Secret.class_eval { self }
Secret.instance_eval do
  def cls_meth = :cls
end
p Secret.cls_meth
x = 10
p 5.instance_eval { self + x }
