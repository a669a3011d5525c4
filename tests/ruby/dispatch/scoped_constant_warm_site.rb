# `Base::NAME` read from a warm site while the constant is reassigned,
# removed, made private/public, shadowed through include, and resolved
# on different bases from the same instruction.
module Conf
  LIMIT = 10
end

def limit = Conf::LIMIT
def under(mod) = mod::VALUE

3.times { limit }
p limit

Conf.send(:remove_const, :LIMIT)
Conf.const_set(:LIMIT, 20)
p limit

Conf.private_constant :LIMIT
begin
  limit
rescue NameError => e
  puts "NameError: #{e.message}"
end
Conf.public_constant :LIMIT
p limit

Conf.send(:remove_const, :LIMIT)
begin
  limit
rescue NameError => e
  puts "NameError: #{e.message}"
end

def Conf.const_missing(n)
  @calls = (@calls || 0) + 1
  "missing #{n} ##{@calls}"
end
p limit, limit

module Extra
  LIMIT = 99
end
Conf.include(Extra)
p limit

class A; VALUE = :a; end
class B; VALUE = :b; end
class C < A; end
p [A, B, C, A].map { |k| under(k) }
class C; VALUE = :c; end
p [A, B, C].map { |k| under(k) }
begin
  under(3)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
