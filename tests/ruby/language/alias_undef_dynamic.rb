# alias and undef with interpolated Symbols
class C
  def value = 5
  alias :"#{'a'}" value
  alias :"b#{1}" :value
  def gone = 1
  undef :"#{'go'}ne"
end
p C.new.a, C.new.b1, C.new.respond_to?(:gone)
C.class_eval { alias :"c#{2}" value }
p C.new.c2
