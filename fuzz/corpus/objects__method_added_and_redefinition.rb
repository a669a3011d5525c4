# Redefining methods, method_added firing, warnings not produced without -w
class Redef
  def self.method_added(n) = (@added ||= []) << n
  def self.added = @added
  def m = 1
  def m = 2
  def m = 3
end
p Redef.new.m
p Redef.added
class Redef
  alias_method :orig_m, :m
  def m = orig_m * 10
end
p Redef.new.m
p Redef.added
p Redef.instance_methods(false).sort
