# A warmed super call reaches a module included later between child and parent
class Base
  def hello = "base"
end
class Child < Base
  def hello = "child>" + super
end
c = Child.new
5.times { c.hello }
p c.hello
module Middle
  def hello = "middle>" + super
end
Child.include(Middle)
p c.hello
module Top
  def hello = "top>" + super
end
Base.include(Top)
p c.hello
Child.prepend(Module.new { def hello = "pre>" + super })
p c.hello
class Base
  def hello = "base2"
end
p c.hello
