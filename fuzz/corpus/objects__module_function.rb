# module_function makes private instance copies and public module methods
module MathUtil
  module_function
  def square(x) = x * x
  def cube(x) = x * square(x)
end
p MathUtil.square(3), MathUtil.cube(2)
class Calc
  include MathUtil
  def run = cube(3)
end
p Calc.new.run
begin
  Calc.new.square(2)
rescue NoMethodError => e
  puts e.message.lines.first.sub(/#<Calc.*>/, "#<Calc>")
end
module Single
  def self.one = 1
  def two = 2
  module_function :two
end
p Single.one, Single.two
p Single.respond_to?(:two)
p Math.sqrt(16), Math::PI.round(5)
p Math.respond_to?(:sqrt), Math.private_instance_methods.include?(:sqrt)
