# Uncaught FrozenError when modifying a frozen array constant
puts "start of #{__FILE__}"
$stdout.flush
NAMES = %w[a b].freeze
def add_name(n) = NAMES << n
add_name("c")
