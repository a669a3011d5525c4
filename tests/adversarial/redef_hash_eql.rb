class String
  def hash = 1
  def eql?(o) = false
end
h = {"a" => 1, "b" => 2}
p h["b"]
p h.size
class Integer
  def hash = raise("no hash")
end
h2 = {1 => :a}
p h2[1] rescue puts "int hash: #{$!.message}"
p [1, 1, 2].uniq rescue puts "uniq: #{$!.message}"
class Foo
  attr_reader :v
  def initialize(v) = @v = v
  def hash = "not an integer"
  def eql?(o) = o.is_a?(Foo) && o.v == v
end
begin
  h3 = {Foo.new(1) => :one}
  p h3[Foo.new(1)]
rescue => e
  puts "bad hash: #{e.class}"
end
class Bar
  def hash = 2**100
  def eql?(o) = true
end
p({Bar.new => 1}[Bar.new])
