# A receiver whose inspect raises (here a NameError of its own) is named
# by its short form in NoMethodError/NameError messages, and a Range's
# `<=>` check lets an exception through.
class Ver
  def initialize(n) = @n = n
  def inspect = "V#{n}"
  def <=>(o) = n <=> o.n
end

def show
  yield
rescue Exception => e
  puts "#{e.class}: #{e.message.lines.first.chomp.gsub(/0x\h+/, "0x...")}"
end

show { Ver.new(1).missing }
show { Ver.new(1).instance_eval { undefined_name } }
show { Ver.new(1)..Ver.new(2) }
show { Range.new(Ver.new(1), Ver.new(2)) }
show { [Ver.new(1)].inspect }

class Bomb
  def inspect = raise("boom")
end
show { Bomb.new.nothing }
class Cmp
  def <=>(o) = raise(NotImplementedError, "no order")
end
show { Cmp.new..Cmp.new }
class NilCmp
  def <=>(o) = nil
end
show { NilCmp.new..NilCmp.new }
