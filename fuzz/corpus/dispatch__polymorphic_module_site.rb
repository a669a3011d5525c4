# A call site inside a module method included in 9 classes; each class overrides a hook
module Describable
  def describe = "#{self.class.name.downcase}:#{hook}"
  def hook = "default"
end
CLASSES = %w[Ant Bee Cat Dog Eel Fox Gnu Hen Ibis].map do |n|
  Object.const_set(n, Class.new { include Describable })
end
CLASSES.each_with_index do |c, i|
  c.define_method(:hook) { "h#{i}" } if i.even?
end
objs = CLASSES.map(&:new)
3.times { objs.each(&:describe) }
puts objs.map(&:describe).join(" ")
Cat.define_method(:hook) { "CAT!" }
Dog.send(:remove_method, :hook) rescue nil
Describable.module_eval { def hook = "newdefault" }
puts objs.map(&:describe).join(" ")
module Describable
  def describe = "[#{hook}]"
end
puts objs.map(&:describe).join(" ")
