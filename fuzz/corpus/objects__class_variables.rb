# Class variables shared across subclasses; class instance variables are not
class Counter
  @@total = 0
  @instances = 0
  class << self
    attr_accessor :instances
  end
  def initialize
    @@total += 1
    self.class.instances = (self.class.instances || 0) + 1
  end
  def self.total = @@total
end
class SubCounter < Counter; end
3.times { Counter.new }
2.times { SubCounter.new }
p Counter.total, SubCounter.total
p Counter.instances, SubCounter.instances
p Counter.class_variables
p Counter.class_variable_get(:@@total)
Counter.class_variable_set(:@@total, 100)
p SubCounter.total
p Counter.class_variable_defined?(:@@total)
p Counter.instance_variables
begin
  class Counter
    def self.nope = @@nope
  end
  Counter.nope
rescue NameError => e
  puts e.message.lines.first.chomp
end
