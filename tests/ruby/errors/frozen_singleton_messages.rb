s = "str".dup.freeze
begin; def s.z = 1; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
o = Object.new; def o.to_s = "custom"; o.freeze
begin; def o.z = 1; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; o.extend(Comparable); rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; o.define_singleton_method(:w) {}; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
module M; end; M.freeze
begin; def M.z = 1; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
class K; end; K.freeze
begin; def K.q = 1; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; K.define_singleton_method(:w) {}; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; class K; def x; end; end; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; M.module_eval { def y; end }; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
begin; K.singleton_class.class_eval { def y; end }; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
o = Object.new; def o.x = 1; o.freeze
begin; o.instance_variable_set(:@a, 1); rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
module M3; def self.y = 1; end; M3.freeze
begin; M3.const_set(:A, 1); rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
module M2; end; M2.freeze
begin; M2.const_set(:A, 1); rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
s = "str"; def s.z = 1; s.freeze
begin; s << "x"; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
a = [1]; a.singleton_class; a.freeze
begin; a << 2; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
class K4; end; K4.freeze
begin; def K4.q = 1; rescue => e; puts e.message.gsub(/0x\h+/, "X"); end
e = (begin; def o.zz = 1; rescue => x; x; end); p e.receiver.equal?(o), e.class
