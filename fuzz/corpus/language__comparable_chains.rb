# Comparison operators on mixed types and their errors
p 1 < 2.5, 2.5 < 1
p "apple" < "banana", "Z" < "a"
p [1, 2] == [1, 2.0], [1, 2].eql?([1, 2.0])
begin
  1 < "2"
rescue ArgumentError => e
  puts e.message
end
begin
  "a" < 1
rescue ArgumentError => e
  puts e.message
end
begin
  [3, "a", 1].sort
rescue ArgumentError => e
  puts e.message
end
begin
  nil > 1
rescue NoMethodError => e
  puts e.message.lines.first
end
p 1.between?(0, 2), "m".between?("a", "z")
p [1, 2, 3].max_by { -_1 }
p 1.equal?(1), "a".equal?("a"), :a.equal?(:a), nil.equal?(nil)
