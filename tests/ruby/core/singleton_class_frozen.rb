o = Object.new; o.freeze; p o.singleton_class.frozen?
o = Object.new; k = o.singleton_class; p k.frozen?; o.freeze; p k.frozen?
o = Object.new; o.freeze; o2 = o.clone(freeze: false); p o2.singleton_class.frozen?, o2.frozen?
o = Object.new; def o.x = 1; o.freeze; o3 = o.clone(freeze: false); p o3.singleton_class.frozen?, o3.x
o4 = o.clone; p o4.frozen?, o4.singleton_class.frozen?
c = o.singleton_class
begin; def c.foo; end; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
m = Module.new.freeze
begin; m.module_eval { def z; end }; rescue => e; puts e.class; end
s = "a".dup; s.singleton_class; s.freeze; p s.singleton_class.frozen?, s.dup.singleton_class.frozen?
