# undef_method at a warmed site leads to NoMethodError even though superclass has it
class Animal
  def speak = "..."
  def inspect = "#<#{self.class}>"
end
class Fish < Animal
  def speak = "blub"
end
def site(a) = a.speak
f = Fish.new
5.times { site(f) }
p site(f)
Fish.send(:undef_method, :speak)
begin
  site(f)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p site(Animal.new)
class Fish
  def speak = "blub again"
end
p site(f)
