# More (class, method) pairs than a 2048-entry global method cache holds,
# called through one `send` site, with redefinitions, an include and a
# removal while they are warm.
class Root
  def shared = 1
end

KS = Array.new(64) do |c|
  Class.new(Root) do
    class_eval((0...80).map { |m| "def m#{m} = #{c * 100 + m}\n" }.join)
  end
end
OBJS = KS.map(&:new)
NAMES = Array.new(80) { |m| :"m#{m}" } + [:shared]

def total
  t = 0
  2.times { OBJS.each { |o| NAMES.each { |n| t += o.send(n) } } }
  t
end

p total
KS[10].class_eval { def m5 = 0 }
p total
class Root; def shared = 1000; end
p total
module Wide; def m7 = -1; end
KS[20].prepend(Wide)
p total
KS[30].send(:remove_method, :m9)
p (total rescue $!.class)
class Root; def m9 = 9; end
p total
