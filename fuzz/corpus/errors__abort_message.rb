# abort prints its message to stderr and exits with status 1
puts "start of #{__FILE__}"
$stdout.flush
puts "working"
$stdout.flush
abort("fatal: cannot continue")
