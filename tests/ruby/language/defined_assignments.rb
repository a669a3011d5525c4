# defined? of every assignment form: "assignment", except A::B op-assignments ("expression"), as in CRuby 3.1.
a = 1; @b = 2; $c = 3; h = {}; o = Struct.new(:x).new(1)
p defined?(a += 1), defined?(a ||= 1), defined?(a &&= 1), defined?(@b += 1), defined?(@b ||= 1), defined?($c += 1), defined?($c ||= 2)
p defined?(X ||= 1), defined?(X += 1), defined?(Object::X ||= 1), defined?(h[:a] ||= 1), defined?(h[:a] += 1), defined?(o.x += 1), defined?(o.x ||= 1), defined?((a, b = 1, 2)), defined?(Object::Y = 1)
