# Array#inspect formats Symbol/String/Float elements directly while their
# inspect is the builtin one; redefinitions (class, singleton, prepend) win.
p [:a, "s\n", 1.5, :"b c", "é", 1e100]
class Symbol; def inspect = "SYM"; end
p [:a]
s = +"x"
def s.inspect = "single"
p [s, "y"]
class String; alias old_inspect inspect; def inspect = "STR"; end
p ["z"]
class String; alias inspect old_inspect; end
p ["z"]
module Loud; def inspect = super.upcase; end
Float.prepend(Loud)
p [1.5e-300]
p ["bin".b, "\xff".b]
