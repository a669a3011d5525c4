# Redefining Float#* and Float#to_s, restored afterwards
def mul(a, b) = a * b
5.times { mul(1.5, 2.0) }
p mul(1.5, 2.0)
class Float
  alias_method :orig_mul, :*
  def *(o) = -1.0
end
p mul(1.5, 2.0), mul(2, 3)
class Float
  alias_method :*, :orig_mul
end
p mul(1.5, 2.0)
