# attr_reader fast path (ivar get) at a warm site replaced by a def and back
class Acct
  attr_reader :balance
  def initialize = @balance = 100
end
def site(a) = a.balance
a = Acct.new
5.times { site(a) }
p site(a)
class Acct
  def balance = @balance * 2
end
p site(a)
class Acct
  attr_reader :balance
end
p site(a)
class Acct
  alias_method :balance, :object_id
  def balance = :via_method_again
end
p site(a)
