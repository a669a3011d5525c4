# case/when with values, ranges, classes, regexps, lambdas, splat, comma lists
def kind(x)
  case x
  when 0 then "zero"
  when 1, 2, 3 then "small"
  when 4..9 then "medium"
  when Integer then "big int"
  when Float then "float"
  when /^a/ then "a-string"
  when String, Symbol then "stringish"
  when ->(v) { v.respond_to?(:each) } then "enumerable"
  when nil then "nil"
  else "other"
  end
end
[0, 2, 7, 100, 1.5, "apple", "pear", :sym, [1], {a: 1}, nil, true].each do |v|
  puts "#{v.inspect} -> #{kind(v)}"
end
EVENS = [2, 4, 6]
def ev(n)
  case n
  when *EVENS then :even_listed
  when *[1, 3], 5 then :odd_listed
  else :unlisted
  end
end
p (1..7).map { |n| ev(n) }
r = case
    when false then 1
    when 2 > 1 then 2
    end
p r
p (case 5 when 6 then :x end)
