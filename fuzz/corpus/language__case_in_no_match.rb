# NoMatchingPatternError and NoMatchingPatternKeyError messages
begin
  case 42
  in String then 1
  end
rescue NoMatchingPatternError => e
  puts "#{e.class}: #{e.message}"
end
begin
  {a: 1} => {b:}
rescue NoMatchingPatternError => e
  puts "#{e.class}: #{e.message}"
  p e.is_a?(NoMatchingPatternError)
end
begin
  [1, 2] => [x]
rescue NoMatchingPatternError => e
  puts "#{e.class}: #{e.message}"
end
p NoMatchingPatternKeyError.superclass
p NoMatchingPatternError.superclass
