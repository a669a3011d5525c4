# Redefining a method in a module affects every class that includes it
module Walk
  def move = "walk"
end
class Person; include Walk; end
class Robot; include Walk; end
def site(o) = o.move
objs = [Person.new, Robot.new]
5.times { objs.each { site(_1) } }
p objs.map { site(_1) }
module Walk
  def move = "stroll"
end
p objs.map { site(_1) }
class Robot
  def move = "roll"
end
p objs.map { site(_1) }
Walk.send(:remove_method, :move)
p site(objs[1])
begin
  site(objs[0])
rescue NoMethodError
  puts "person can no longer move"
end
