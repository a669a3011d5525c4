# Uncaught NameError for an undefined local variable or method
puts "start of #{__FILE__}"
$stdout.flush
def compute
  total = 10
  qzwx + 1
end
compute
