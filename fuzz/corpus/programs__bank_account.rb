# Bank account simulation with transactions, overdraft errors and a statement
class InsufficientFunds < StandardError
  def initialize(need, have) = super(format("need %.2f, have %.2f", need, have))
end
class Account
  attr_reader :owner, :history
  def initialize(owner, opening = 0)
    @owner, @balance, @history = owner, 0, []
    deposit(opening) if opening > 0
  end
  def balance = @balance / 100.0
  def deposit(amt)
    raise ArgumentError, "amount must be positive" unless amt.positive?
    @balance += (amt * 100).round
    @history << [:deposit, amt]
    self
  end
  def withdraw(amt)
    cents = (amt * 100).round
    raise InsufficientFunds.new(amt, balance) if cents > @balance
    @balance -= cents
    @history << [:withdraw, amt]
    self
  end
  def transfer(to, amt)
    withdraw(amt)
    to.deposit(amt)
    @history << [:transfer, amt, to.owner]
  end
end
alice = Account.new("Alice", 100)
bob = Account.new("Bob")
alice.deposit(25.50).withdraw(10)
alice.transfer(bob, 40)
begin
  bob.withdraw(100)
rescue InsufficientFunds => e
  puts "Bob: #{e.message}"
end
begin
  bob.deposit(-5)
rescue ArgumentError => e
  puts "Bob: #{e.message}"
end
[alice, bob].each do |acct|
  puts "== #{acct.owner} =="
  acct.history.each { |kind, amt, who| puts format("  %-9s %8.2f%s", kind, amt, who ? " -> #{who}" : "") }
  puts format("  %-9s %8.2f", "balance", acct.balance)
end
