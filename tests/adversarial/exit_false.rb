at_exit { puts "handler" }
exit false
