# Uncaught exception of a namespaced class, default message
module Billing
  class PaymentDeclined < StandardError; end
  def self.charge = raise(PaymentDeclined)
end
puts "charging"
Billing.charge
