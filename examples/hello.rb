# A small tour: classes, blocks, a shared module seen by several classes.
module Greeter
  def greet = "#{greeting}, #{name}!"
end

class Person
  include Greeter
  attr_reader :name
  def initialize(name) = @name = name
  def greeting = "Hello"
end

class Robot
  include Greeter
  def name = "R2"
  def greeting = "Beep"
end

[Person.new("Ada"), Robot.new, Person.new("Grace")].each { |x| puts x.greet }

def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)
puts "fib(20) = #{fib(20)}"
stats = RubyVM::MethodCache.stats
puts "inline cache hits > 0: #{stats[:mc_inline_hit] > 0}"
