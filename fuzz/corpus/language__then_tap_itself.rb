# Kernel#then/yield_self, tap, itself, Object#frozen? basics
p 5.then { _1 + 1 }
p 5.yield_self { |x| x * 2 }
r = [3, 1, 2].tap { |a| puts "before sort: #{a}" }.sort
p r
p [1, 1, 2, 3, 3].group_by(&:itself)
p "x".then.class
p nil.to_a, nil.to_s, nil.to_h, nil.inspect
p 1.frozen?, "lit".frozen?, :s.frozen?, nil.frozen?
v = [1, 2].then { |a, b| [a, b] }
p v
