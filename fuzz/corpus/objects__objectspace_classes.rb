# ObjectSpace.each_object(Class) filtered to our own classes
module Zoo
  class Animal; end
  class Lion < Animal; end
  class Tiger < Animal; end
  class Rock; end
end
animals = ObjectSpace.each_object(Class).select { |c| c < Zoo::Animal }
p animals.map(&:name).sort
ours = ObjectSpace.each_object(Class).select { |c| c.name&.start_with?("Zoo::") }
p ours.map(&:name).sort
mods = ObjectSpace.each_object(Module).select { |m| m.name == "Zoo" }
p mods
p ObjectSpace.each_object(Class).include?(String)
p ObjectSpace.each_object(Zoo::Animal.singleton_class).map(&:name).sort
