p "abc".freeze.equal?("abc".freeze), (-"abc").equal?("abc".freeze), "abc".freeze.equal?(-"abc")
a = "x".freeze; p a.frozen?, a
def f = "lit".freeze
p f.equal?(f), f.frozen?
h = {"zz" => 1}; k = h.keys[0]
p k.equal?("zz".freeze), k.equal?(-"zz")
class String
  alias old_freeze freeze
  def freeze = "redefined"
end
p "abc".freeze
class String
  alias freeze old_freeze
end
p "abc".freeze.frozen?
