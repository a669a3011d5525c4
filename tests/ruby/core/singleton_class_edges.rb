p(class << true; self; end, class << nil; self; end, class << false; self; end)
o = Object.new
class << o; X = 1; end
p o.clone.singleton_class.const_get(:X) rescue p $!
p o.singleton_class.singleton_class.superclass rescue p $!
p Class.new.singleton_class.superclass, String.singleton_class.superclass
begin; class Foo < Object.singleton_class; end; rescue => e; p e.class, e.message; end
p o.singleton_class.methods.include?(:new), o.singleton_class.singleton_class.instance_methods(false)
class Object; def self.meta_m = 1; end
