# Constants, class variables and nested classes written inside a
# class_eval/instance_eval/Struct.new block belong to the block's lexical
# scope; only `def` goes to the receiver.
X = 1
C = Struct.new(:a) do
  INNER = 5
  def inner = INNER
end
p defined?(INNER), C.constants, C.new(1).inner
class K; KONST = :k; end
K.class_eval do
  KC = 1
  def kc = KC
  class Nested; end
end
p defined?(KC), K.constants.sort, K.new.kc, defined?(Nested), K.const_defined?(:Nested, false)
p(K.class_eval { defined?(KONST) })
o = Object.new
o.instance_eval do
  IE = :ie
  def single = IE
end
p IE, o.single, o.singleton_methods
module Outer
  VAL = :outer
  K.class_eval { p VAL; p Module.nesting }
end
p(Card = Struct.new(:r) { RANKS = %w[A K] })
p RANKS, (Card::RANKS rescue "NameError")
