def kind(b)
  case b
  when 32, 10, 9 then :space
  when 48..57 then :digit
  when 97..122, 95 then :ident
  when ...0 then :negative
  when 1000.. then :big
  when :sym then :symbol
  when :other, nil then :nilsym
  else :other
  end
end
p [32, 50, 100, 95, 7, -3, 5000, :sym, :other, nil, 2.0, 50.0, "x", 2**70].map { kind(_1) }
class Integer
  alias_method :old_eqq, :===
  def ===(o) = o == :magic ? true : old_eqq(o)
end
p [32, :magic].map { kind(_1) }
class Integer
  remove_method :===
  alias_method :===, :old_eqq
end
p [32, :magic].map { kind(_1) }
class Symbol
  def ===(o) = o.to_s == to_s
end
p ["sym", :sym].map { kind(_1) }
class Symbol
  remove_method :===
end
p ["sym", :sym].map { kind(_1) }
module Weird
  def ===(o) = o == 999
end
Range.prepend(Weird)
p [999, 50].map { kind(_1) }
class Integer
  alias_method :old_cmp, :<=>
  def <=>(o) = 0
end
p (1..2) === 5
class Integer
  alias_method :<=>, :old_cmp
end
class MyRange < Range
  def ===(o) = :mine
end
r = MyRange.new(1, 2)
p(case 1; when r then :hit; else :miss; end)
p((1...3) === 3, (1..3) === 3, (nil..nil) === 4, (1..) === 0)
