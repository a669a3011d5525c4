# IO#sync: standard error is synchronous, standard output only when set.
p $stdout.sync, $stderr.sync, STDOUT.sync
$stdout.sync = true
p $stdout.sync, STDOUT.sync
puts "after"
$stdout.sync = false
p $stdout.sync
