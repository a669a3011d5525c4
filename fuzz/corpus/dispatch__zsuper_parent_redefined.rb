# zsuper/explicit super sites after parent redefinition and parent removal
class P
  def m(x) = "P#{x}"
end
class Q < P
  def m(x) = "Q" + super
  def n(x) = "Qn" + method(:m).super_method.call(x)
end
q = Q.new
5.times { q.m(1) }
p q.m(1), q.n(2)
class P
  def m(x) = "P'#{x * 10}"
end
p q.m(1), q.n(2)
P.send(:remove_method, :m)
begin
  q.m(1)
rescue NoMethodError => e
  puts e.message.lines.first.sub(/#<Q:0x\h+>/, "#<Q>")
end
