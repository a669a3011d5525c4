def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(1) { Integer() }
t(2) { rand("x") }
t(3) { raise 1 }
t(4) { raise String }
t(5) { catch }
t(6) { send }
t(7) { send(:nonexistent_method_x) }
t(8) { 1.public_send(:puts, "x") }
t(9) { 1.method(:nope) }
t(10) { instance_variable_get("bad") }
t(11) { instance_variable_set(:@a) }
t(12) { Object.const_get(:lowercase) }
t(13) { Object.const_get("Foo::") }
t(14) { Object.const_get("Comparable::Nope") }
t(15) { Class.new(1) }
t(16) { Class.new(Class) }
t(17) { Comparable.new }
t(18) { Integer.new }
t(19) { Symbol.new }
t(20) { nil.foo }
t(21) { Object.new.extend(1) }
t(22) { Class.new { include Class.new } }
t(23) { Module.new { include self } }
t(24) { format("%d %d", 1) }
t(25) { format }
t(26) { sprintf("%s", *[]) }
t(27) { Array(1..3) }
t(28) { String(1) }
t(29) { String(BasicObject.new) }
t(30) { Hash([1]) }
t(31) { Hash(nil) }
t(32) { loop }
t(33) { sleep("x") }
t(34) { sleep(-1) }
t(35) { srand("x") }
t(36) { caller(-1) }
t(37) { binding.local_variable_defined?(:nope) }
t(38) { define_singleton_method(:x) }
t(39) { 1.instance_variable_set(:@a, 1) }
t(40) { :sym.singleton_class }
t(41) { 1.define_singleton_method(:x) { } }
t(42) { freeze.frozen? }
t(43) { Object.new.method(:inspect).unbind.bind(BasicObject.new).class }
t(44) { Integer.instance_method(:+).bind("a") }
t(45) { Class.new.define_method(:x, 1) }
t(46) { Object.new.singleton_class.new }
t(47) { Class.new.superclass.superclass.superclass }
t(48) { BasicObject.superclass }
t(49) { Kernel.instance_method(:nonexist) }
t(50) { ObjectSpace.garbage_collect.inspect }
