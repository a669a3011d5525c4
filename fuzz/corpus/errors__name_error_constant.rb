# Uncaught NameError for an uninitialized constant
puts "start of #{__FILE__}"
$stdout.flush
module App
  def self.config = Qzxv::VALUE
end
App.config
