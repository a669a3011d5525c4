puts "before"
return 10 if true
puts "after"
