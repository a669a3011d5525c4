# Module#instance_methods(false) starts at the class's origin: methods of
# prepended modules are not listed as the class's own.
module Polite
  def greet = "please " + super
end
class Person
  prepend Polite
  def greet = "hi"
  def name = "p"
  private def secret = 1
end
p Person.instance_methods(false).sort
p Person.public_instance_methods(false).sort
p Person.private_instance_methods(false)
p Person.instance_methods.include?(:greet)
p Person.new.greet
p Person.new.methods.include?(:greet)
p Polite.instance_methods(false)
