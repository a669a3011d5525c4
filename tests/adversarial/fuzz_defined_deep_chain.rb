# A fuzz input: `defined?` over a 5,000-term `+` chain. Checking each level
# compiled the chain below it again (quadratic code: 3 GB asked for).
terms = (["1"] * 5000).join(" + ")
begin
  eval("x = #{terms} + defined? #{terms}")
rescue TypeError => e
  puts e.message
end
puts eval("defined?(#{terms})")
puts eval("defined?(#{'Comparable::' * 3000}Nope)").inspect
