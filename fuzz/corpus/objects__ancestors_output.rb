# ancestors of core and user classes, singleton classes, modules
p Integer.ancestors
p Float.ancestors
p String.ancestors
p Array.ancestors
p Hash.ancestors
p Symbol.ancestors
p NilClass.ancestors
p Range.ancestors
p Proc.ancestors
p Struct.ancestors
p Class.ancestors
p Module.ancestors
p Comparable.ancestors
p BasicObject.ancestors
module M1; end
module M2; include M1; end
class Base; include M2; end
class Derived < Base; prepend M1; end
p Derived.ancestors
p Derived.singleton_class.ancestors.first(4)
p Exception.ancestors
p StandardError.superclass, Exception.superclass, BasicObject.superclass
p Class.superclass, Module.superclass
