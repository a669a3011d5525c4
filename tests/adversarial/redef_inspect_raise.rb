class Array
  def inspect = raise("no inspect")
end
begin
  p [1]
rescue => e
  puts e.message
end
p({a: [1]}) rescue puts "hash: #{$!.message}"
class Hash
  def inspect = 12
end
p({a: 1})
puts [{a: 1}].to_s rescue puts "nested: #{$!.class}"
class String
  def inspect = nil
end
p "x"
p [["x"]] rescue puts "nested2: #{$!.class}"
