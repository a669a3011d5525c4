# A warmed constant reference is shadowed when a nearer lexical scope defines it
LEVEL = :top
module Outer
  class Inner
    def self.level = LEVEL
  end
end
5.times { Outer::Inner.level }
p Outer::Inner.level
module Outer
  LEVEL = :outer
end
p Outer::Inner.level
class Outer::Inner
  LEVEL = :inner
end
p Outer::Inner.level
Outer::Inner.send(:remove_const, :LEVEL)
p Outer::Inner.level
