# Error inside string interpolation in a nested block; line numbers in backtrace
data = [{name: "a", qty: 1}, {name: "b"}]
data.each do |row|
  puts "#{row[:name]} x#{row[:qty] * 2}"
end
