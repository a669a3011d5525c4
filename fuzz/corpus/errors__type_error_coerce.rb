# Uncaught TypeError: String can't be coerced into Integer
puts "start of #{__FILE__}"
$stdout.flush
def add(a, b) = a + b
p add(1, 2)
p add(1, "2")
