# protected methods: callable with explicit receiver from same class family
class Account
  def initialize(b) = @balance = b
  def inspect = "#<Account>"
  def >(other) = balance > other.balance
  protected
  def balance = @balance
end
class Savings < Account
  def richer_than?(o) = balance > o.balance
end
a = Account.new(10)
b = Savings.new(20)
p b > a, a > b
p b.richer_than?(a)
begin
  a.balance
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p Account.protected_instance_methods
p a.respond_to?(:balance)
class Other
  def peek(acct) = acct.balance
end
begin
  Other.new.peek(a)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
