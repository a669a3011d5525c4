# Interpolation of various objects, nested interpolation
name = "World"
n = 3
puts "Hello, #{name}!"
puts "#{n} + #{n} = #{n + n}"
puts "nil: [#{nil}] true: #{true} sym: #{:sym}"
puts "array: #{[1, "two", :three, nil]}"
puts "hash: #{{a: 1, "b" => 2}}"
puts "nested: #{"inner #{name.upcase}"}"
puts "float: #{1.0 / 4} #{1e20}"
puts "range: #{(1..3)}"
class Foo
  def to_s = "FOO!"
end
puts "obj: #{Foo.new}"
@iv = "ivar"
$gv = "gvar"
puts "#@iv and #$gv"
puts "expr: #{[1, 2, 3].map { |x| x * 2 }.join(",")}"
puts "#{}empty"
