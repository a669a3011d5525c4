# if/elsif/else, unless, modifiers, truthiness, ternary
def classify(n)
  if n < 0
    "negative"
  elsif n == 0
    "zero"
  elsif n < 10
    "small"
  else
    "large"
  end
end
p [-5, 0, 3, 42].map { |n| classify(n) }
[nil, false, 0, "", [], :x].each do |v|
  puts "#{v.inspect} is #{v ? "truthy" : "falsy"}"
end
unless 1 > 2
  puts "unless ok"
else
  puts "unless else"
end
puts "modifier if" if true
puts "never" if false
puts "modifier unless" unless false
x = if false then 1 end
p x
y = (true ? (false ? :a : :b) : :c)
p y
p (1 if false)
v = 5
r = v > 3 ? "big" : "small"
p r
