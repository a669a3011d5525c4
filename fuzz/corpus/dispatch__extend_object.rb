# Extending one object changes dispatch for it but not its siblings sharing the site
class Dog
  def sound = "woof"
end
module Robot
  def sound = "beep-" + super
end
def site(o) = o.sound
dogs = Array.new(3) { Dog.new }
5.times { p dogs.map { site(_1) } }
dogs[1].extend(Robot)
p dogs.map { site(_1) }
p Dog.new.then { site(_1) }
