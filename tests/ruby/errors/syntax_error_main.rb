puts "before"
puts [1, 2].sum
foo(1 2)
puts "after"
