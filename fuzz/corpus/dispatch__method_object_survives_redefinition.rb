# Method/UnboundMethod objects keep the body they were created with
class Formula
  def calc(x) = x + 1
end
f = Formula.new
m = f.method(:calc)
um = Formula.instance_method(:calc)
pr = f.method(:calc).to_proc
5.times { m.call(1) }
class Formula
  def calc(x) = x * 100
end
p m.call(1), um.bind(f).call(1), pr.call(1), f.calc(1)
p f.method(:calc).call(1)
Formula.send(:remove_method, :calc)
p m.call(2)
p [1, 2].map(&m)
