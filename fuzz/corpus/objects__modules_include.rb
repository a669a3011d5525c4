# Module include: method lookup, ancestors, instance methods, super into module
module Greet
  def greet = "Hi from #{name}"
  def shout = greet.upcase
end
module Polite
  def greet = "Kindly, " + super
end
class Person
  include Greet
  include Polite
  attr_reader :name
  def initialize(n) = @name = n
end
pr = Person.new("Ana")
puts pr.greet
puts pr.shout
p Person.ancestors
p Person.include?(Greet)
p Person.included_modules.take(3)
p Greet.instance_methods.sort
p Person.new("x").is_a?(Polite)
p Greet === pr
module Countable
  def self.included(base)
    puts "#{self} included in #{base}"
    base.extend(ClassMethods)
  end
  module ClassMethods
    def count = 42
  end
end
class Widget
  include Countable
end
p Widget.count
class Person
  include Greet
end
p Person.ancestors.take(4)
