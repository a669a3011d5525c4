at_exit { exit 7 }
at_exit { puts "runs first" }
puts "x"
