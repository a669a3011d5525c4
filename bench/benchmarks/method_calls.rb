# method_calls: a loop calling ordinary methods on one object: no
# arguments, one, two, a method calling another on self, and a value
# read back, as plain Ruby code does all the time.
# Measures: the send instruction with a receiver (inline-cache hit,
# frame push and pop) for bytecode methods.
# bench-size: 6000000
# bench-quick: 100000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 6_000_000).to_i

class Account
  def initialize
    @balance = 0
    @ops = 0
  end

  def deposit(amount)
    @ops += 1
    @balance += amount
  end

  def fee(amount, rate)
    amount * rate / 100
  end

  def net(amount)
    amount - fee(amount, 3)
  end

  def balance
    @balance
  end

  def ops
    @ops
  end

  def empty?
    @balance == 0
  end
end

acct = Account.new
check = 0
i = 0
while i < n
  acct.deposit(acct.net(i & 1023))
  check += 1 if acct.empty?
  check ^= acct.balance & 255
  i += 1
end
puts "balance=#{acct.balance} ops=#{acct.ops} check=#{check}"
