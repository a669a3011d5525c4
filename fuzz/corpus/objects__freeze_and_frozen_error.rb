# freeze, frozen?, FrozenError messages for strings, arrays, hashes, objects
a = [1, 2].freeze
begin
  a << 3
rescue FrozenError => e
  puts e.message
end
h = {k: 1}.freeze
begin
  h[:j] = 2
rescue => e
  puts "#{e.class}: #{e.message}"
end
class Obj
  attr_accessor :v
  def inspect = "#<Obj>"
end
o = Obj.new.freeze
begin
  o.v = 1
rescue FrozenError => e
  puts e.message
end
s = "str".freeze
begin
  s.concat("x")
rescue FrozenError => e
  puts e.message
end
p a.frozen?, a.dup.frozen?, a.clone.frozen?, a.clone(freeze: false).frozen?
p :sym.frozen?, 1.frozen?, nil.frozen?, "lit".frozen?
d = a.dup
d << 3
p d
nested = [[1]].freeze
nested[0] << 2
p nested
begin
  def o.sing = 1
rescue => e
  puts e.class
end
begin
  Obj.new.freeze.instance_variable_set(:@v, 2)
rescue => e
  puts "#{e.class}: #{e.message}"
end
