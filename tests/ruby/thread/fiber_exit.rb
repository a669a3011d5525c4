at_exit { puts "at_exit" }
f = Fiber.new { Fiber.yield 1; puts "exiting"; exit 3 }
p f.resume
begin
  f.resume
ensure
  puts "outer ensure"
end
