# Output before an uncaught RuntimeError is still flushed in order
puts "line 1"
print "line 2 no newline"
$stderr.puts "err line"
raise "boom at the end"
