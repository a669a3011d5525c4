class K; def self.inspect = "KK"; end
p K
class K2; def self.inspect = "#KK"; end
begin; K2.foo; rescue => e; puts e.message.lines[0]; end
c = Class.new; def c.inspect = "#Anon"
begin; c.foo; rescue => e; puts e.message.lines[0]; end
c = Class.new; def c.inspect = "x"*70
begin; c.foo; rescue => e; puts e.message.lines[0]; end
o = Object.new; def o.inspect = "x"*70
begin; o.foo; rescue => e; puts e.message.lines[0]; end
c = Class.new; def c.inspect = raise("no")
begin; c.foo; rescue => e; puts e.message.lines[0].sub(/0x\h+/, "X"); end
M = Module.new; 
begin; M.foo; rescue => e; puts e.message.lines[0]; end
begin; Class.new(StandardError).foo; rescue => e; puts e.message.lines[0].sub(/0x\h+/, "X"); end
