# at_exit handlers run in reverse registration order, after main ends
at_exit { puts "registered first, runs last" }
at_exit { puts "registered second" }
at_exit do
  at_exit { puts "registered during at_exit, runs next" }
  puts "registered third, runs first"
end
puts "main body done"
