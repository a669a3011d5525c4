class Integer
  remove_method :+
end
begin
  1 + 1
rescue NoMethodError => e
  puts e.message.lines.first
end
p 3.times.to_a
p [1, 2].sum
class String
  undef_method :to_s
end
begin
  puts "x".to_s
rescue NoMethodError => e
  puts e.message.lines.first
end
puts "still prints"
p "a#{"b"}c"
class Object
  undef_method :inspect
end
begin
  p Object.new
rescue NoMethodError => e
  puts "inspect gone: #{e.name}"
end
p 1
