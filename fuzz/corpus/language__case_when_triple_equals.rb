# case uses === of the when-value; custom === definitions
class Even
  def self.===(x) = x.is_a?(Integer) && x.even?
end
class Matcher
  def initialize(s) = @s = s
  def ===(o)
    puts "  checking #{o} against #{@s}"
    o.to_s.include?(@s)
  end
end
[3, 4].each do |n|
  case n
  when Even then puts "#{n} even"
  else puts "#{n} odd"
  end
end
case "hello"
when Matcher.new("z"), Matcher.new("ell") then puts "matched"
end
p Integer === 3, (1..3) === 2, /b/ === "abc", :a === :a, String === String
p Class === String, Module === Kernel, Object === nil
p ->(x) { x > 2 } === 3
