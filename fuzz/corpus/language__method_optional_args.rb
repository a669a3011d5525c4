# Optional parameters with defaults referring to earlier params
def greet(name, greeting = "Hello", punct = greeting == "Hello" ? "!" : ".")
  "#{greeting}, #{name}#{punct}"
end
puts greet("Ann")
puts greet("Bob", "Hi")
puts greet("Cy", "Yo", "?")
def counter(a, b = a * 2, c = b + 1) = [a, b, c]
p counter(1)
p counter(1, 5)
p counter(1, 5, 0)
def side(x = (puts "default evaluated"; 7)) = x
p side
p side(1)
p method(:greet).arity
p method(:counter).arity
p method(:greet).parameters
