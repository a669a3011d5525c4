class Object
  def respond_to?(*) = false
end
puts 1
p [1, [2, [3]]].flatten
p Array([1])
p [1, 2].to_a
p "a" + "b"
o = Object.new
def o.to_ary = [7, 8]
def o.inspect = "O"
def o.to_s = "O"
a, b = o
p [a, b]
p [[1, 2], o].flatten rescue p $!.class
puts [o]
class Object
  def respond_to?(*) = raise("boom")
end
begin
  p [o].flatten
rescue => e
  p e.message
end
