# send, __send__, public_send with private methods, operators, splats
class Calc
  def add(a, b) = a + b
  def inspect = "#<Calc>"
  private def hidden = :hidden
end
c = Calc.new
p c.send(:add, 1, 2)
p c.__send__("add", 3, 4)
p c.public_send(:add, *[5, 6])
p c.send(:hidden)
begin
  c.public_send(:hidden)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p 5.send(:+, 3)
p [3, 1, 2].send(:sort)
p "abc".public_send(:[], 1)
ops = %i[+ - * /]
p ops.map { |op| 12.send(op, 4) }
p c.send(:respond_to?, :add)
begin
  c.send(:nope)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p c.method(:add).call(7, 8)
