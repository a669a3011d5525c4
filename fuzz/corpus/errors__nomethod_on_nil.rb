# Uncaught NoMethodError on nil from inside a method
def find_user(id)
  users = {1 => "ann"}
  users[id]
end
puts "looking up"
name = find_user(2)
puts name.upcase
puts "never printed"
