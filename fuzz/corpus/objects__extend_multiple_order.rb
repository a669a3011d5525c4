# extend with several modules: last extended wins; super walks through all
module A; def hi = "A" + (defined?(super) ? super : ""); end
module B; def hi = "B" + (defined?(super) ? super : ""); end
module C; def hi = "C" + (defined?(super) ? super : ""); end
o = Object.new
o.extend(A, B)
p o.hi
o.extend(C)
p o.hi
p o.singleton_class.ancestors.take(4).map(&:to_s).drop(1)
class K
  include A, B
end
p K.new.hi, K.ancestors.take(3)
class K2
  include A
  include B
end
p K2.new.hi
