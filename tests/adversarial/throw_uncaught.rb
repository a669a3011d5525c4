puts "before"
throw :foo
