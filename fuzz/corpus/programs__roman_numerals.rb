# Roman numeral conversion both directions with validation
module Roman
  MAP = {1000 => "M", 900 => "CM", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",
         50 => "L", 40 => "XL", 10 => "X", 9 => "IX", 5 => "V", 4 => "IV", 1 => "I"}
  module_function
  def to_roman(n)
    raise RangeError, "#{n} out of range" unless (1..3999).cover?(n)
    MAP.reduce(+"") { |s, (v, r)| q, n = n.divmod(v); s << r * q }
  end
  def from_roman(s)
    raise ArgumentError, "invalid roman #{s.inspect}" unless s.match?(/\AM{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\z/) && !s.empty?
    vals = s.chars.map { MAP.key(_1) }
    vals.each_with_index.sum { |v, i| vals[i + 1] && vals[i + 1] > v ? -v : v }
  end
end
[1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999].each { |n| puts "#{n} => #{Roman.to_roman(n)}" }
%w[III LVIII MCMXCIV MMXXIV IIII IC].each do |s|
  puts "#{s} => #{Roman.from_roman(s)}"
rescue ArgumentError => e
  puts e.message
end
p (1..3999).all? { Roman.from_roman(Roman.to_roman(_1)) == _1 }
begin
  Roman.to_roman(0)
rescue RangeError => e
  p e.message
end
