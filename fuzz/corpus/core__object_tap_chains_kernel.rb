# Kernel methods: frozen?, then, instance_variables, is_a?, itself, display, Array/Hash/String()
o = Object.new
p o.frozen?, o.is_a?(BasicObject), o.itself.equal?(o), o.instance_variables
1.display
"two".display
:three.display
puts
p [1, "a", :b, 2.0, nil, [], {}].map { _1.class }
p [1, "a", :b].map { |x| x.respond_to?(:upcase) }
p nil.to_a, nil.to_s, nil.inspect, nil & true, nil | 1, true & 3, true ^ true, false ^ true
p 5.then { _1 + 1 }.then { _1 * 2 }
p Array("a\nb"), String(:sym), Hash([[1, 2]]) rescue p $!.message
p Integer === 2**70, (2**70).class, 1.0.class, nil.class, true.class, :a.class, (1..2).class
