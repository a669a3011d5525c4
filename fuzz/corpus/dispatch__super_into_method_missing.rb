# super from a method whose parent lacks it goes to method_missing; parent later defines it
class Parent
  def method_missing(n, *a) = "parent mm #{n}"
  def respond_to_missing?(*) = true
end
class Child < Parent
  def greet = "child/" + super
end
c = Child.new
5.times { c.greet }
p c.greet
class Parent
  def greet = "parent greet"
end
p c.greet
Parent.send(:remove_method, :greet)
p c.greet
