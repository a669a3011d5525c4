# throw without matching catch: UncaughtThrowError at top level
puts "start of #{__FILE__}"
$stdout.flush
def go = throw(:missing_tag, 1)
puts "throwing"
go
