# Floor division and modulo with negative operands
[[7, 2], [-7, 2], [7, -2], [-7, -2]].each do |a, b|
  puts "#{a} / #{b} = #{a / b}"
  puts "#{a} % #{b} = #{a % b}"
  puts "#{a}.remainder(#{b}) = #{a.remainder(b)}"
  puts "#{a}.divmod(#{b}) = #{a.divmod(b).inspect}"
end
p 7.5.divmod(2)
p -7.5.divmod(2)
p -7 % 2.5
p 13.modulo(-4)
