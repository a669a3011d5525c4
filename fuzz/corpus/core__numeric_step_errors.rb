# step/upto/Range#step edge cases and their errors
p 1.step(2, 0.25).to_a, 10.step(1, -4).to_a, 1.upto(0).to_a
begin
  1.step(5, 0) { break }
  puts "step 0 returned"
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  (1..5).step(0).to_a
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  (1..5).step(-1).to_a.then { p _1 }
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p (1.0..2.0).step(0.5).to_a, ("a".."e").step(2).to_a
p 1.step(by: 3, to: 10).to_a, (0.1..0.5).step(0.1).to_a
p 5.downto(1).select(&:even?), 3.times.to_a.reverse
