at_exit { puts "first registered" }
at_exit do
  puts "second registered"
  at_exit { puts "nested registered" }
end
at_exit { raise "boom in at_exit" }
at_exit { puts "third registered" }
puts "main"
