# Enumerator#next past end raises uncaught StopIteration
puts "start of #{__FILE__}"
$stdout.flush
e = [1].each
p e.next
e.next
