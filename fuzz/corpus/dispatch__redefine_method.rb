# Warm a monomorphic call site, redefine the method, call the same site again
class Greeter
  def greet = "hello"
end
def site(o) = o.greet
g = Greeter.new
5.times { print site(g), " " }
puts
class Greeter
  def greet = "bonjour"
end
5.times { print site(g), " " }
puts
Greeter.class_eval { def greet = "hola" }
p site(g)
