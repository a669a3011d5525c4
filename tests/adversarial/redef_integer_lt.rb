$calls = 0
class Integer
  alias_method :orig_lt, :<
  def <(o)
    $calls += 1
    $calls.orig_lt(4)
  end
end
i = 0
while i < 100
  i += 1
end
p i
p [3, 1, 2].sort
p [3, 1, 2].max
p 5.clamp(1, 3)
p (1..10).to_a.size
