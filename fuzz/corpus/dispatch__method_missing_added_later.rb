# A site that raises NoMethodError starts working when method_missing is added
class Dyn
  def inspect = "#<Dyn>"
end
def site(d) = d.anything(1)
d = Dyn.new
3.times do
  site(d)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
class Dyn
  def method_missing(name, *args) = "mm:#{name}#{args}"
end
p site(d)
class Dyn
  def anything(x) = "real #{x}"
end
p site(d)
Dyn.send(:remove_method, :anything)
p site(d)
Dyn.send(:remove_method, :method_missing)
begin
  site(d)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
