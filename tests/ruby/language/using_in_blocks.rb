# using called from a block activates the refinement in the scope the block
# was written in (a class body, the top level), nested blocks too.
module R; refine Integer do; def zz = :refined; end; end
module S; refine String do; def yy = :srefined; end; end
class K
  [R].each { |m| using m }
  p 1.zz
  def self.k = 1.zz
  [1].each { [2].each { using S } }
  p "a".yy
end
p K.k
begin
  1.zz
rescue NoMethodError => e
  puts e.message[/undefined method `zz'/]
end
[S].each { |m| using m }
p "b".yy
def later = "c".yy
p later
