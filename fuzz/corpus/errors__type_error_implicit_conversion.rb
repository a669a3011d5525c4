# Uncaught TypeError: no implicit conversion of Integer into String
puts "start of #{__FILE__}"
$stdout.flush
label = "count: "
puts label + 5
