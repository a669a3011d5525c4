# warn writes to stderr; $stderr.puts too; stdout unaffected
puts "out 1"
warn "warning one"
warn "multi", "line"
$stderr.puts "direct stderr"
STDERR.print "print stderr\n"
warn
puts "out 2"
warn nil
warn ["array", "arg"]
