at_exit { puts "no" }
$stderr.puts "err before"
exit! true
