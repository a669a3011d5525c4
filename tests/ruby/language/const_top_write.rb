# `::C = v` assigns Object's constant wherever it is written.
class Outer
  ::TOP_FROM_CLASS = "top"
  INNER = "inner"
end
module Mod
  p(::TOP_FROM_MODULE = 2)
end
p TOP_FROM_CLASS, TOP_FROM_MODULE, Outer.constants.sort
p Object.const_defined?(:TOP_FROM_CLASS), Outer.const_defined?(:TOP_FROM_CLASS, false)
