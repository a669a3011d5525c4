# Uncaught KeyError from Hash#fetch
puts "start of #{__FILE__}"
$stdout.flush
config = {host: "localhost", port: 80}
puts config.fetch(:host)
puts config.fetch(:user)
