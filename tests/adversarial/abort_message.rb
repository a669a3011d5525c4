at_exit { puts "at_exit runs" }
puts "out"
abort "bye now"
