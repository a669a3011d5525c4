# define_method methods called from warm sites (with and without a
# receiver, from a block literal site, with the wrong argument count),
# then changed while the sites stay warm: redefined with another arity,
# replaced by def, removed (the superclass's answers), made private,
# prepended over, aliased, undefined, and a singleton method on one
# receiver.
class Base
  def twice(x) = [:base, x]
end

class Calc < Base
  k = 10
  define_method(:twice) { |x| x * 2 }
  define_method(:plus_k) { |x| x + k }
  define_method(:zero) { 0 }
  define_method(:pair) { |a, b| [a, b, self.class] }
  define_method(:inner) { [twice(5), zero] }
  define_method(:with_blk) { |x, &b| b ? b.call(x) : :no_block }
end

def recv_site(c, i) = c.twice(i)
def zero_site(c) = c.zero
def pair_site(c, i) = c.pair(i, i + 1)
def blk_site(c) = c.with_blk(4) { |v| v * 3 }

c = Calc.new
r = []
50.times do |i|
  r << recv_site(c, i) << zero_site(c) << pair_site(c, i) << c.inner << c.plus_k(i) << blk_site(c)
end
p r.last(6), r.size

begin
  c.pair(1)
rescue ArgumentError => e
  p [:argc, e.message]
end
begin
  c.twice(*[1, 2])
rescue ArgumentError => e
  p [:splat_argc, e.message]
end
p c.twice(*[7])

# Another arity: the site's entry is no longer fast.
Calc.define_method(:twice) { |x, y = 100| x + y }
p recv_site(c, 1), c.inner
# Replaced by def, then by define_method again.
class Calc
  def twice(x) = [:def, x]
end
p recv_site(c, 2), c.inner
Calc.define_method(:twice) { |x| -x }
p recv_site(c, 3), c.inner
# Removed: the superclass's method answers.
Calc.send(:remove_method, :twice)
p recv_site(c, 4), c.inner
Calc.define_method(:twice) { |x| x * 20 }
p recv_site(c, 5)
# Private: the receiver call fails, the receiverless one still works.
Calc.send(:private, :twice)
begin
  recv_site(c, 6)
rescue NoMethodError => e
  p [:private, e.name, e.class]
end
p c.inner
Calc.send(:public, :twice)
p recv_site(c, 7)
# Prepended over.
module Loud
  def twice(x) = [:loud, super]
end
Calc.prepend(Loud)
p recv_site(c, 8), c.inner
# An alias keeps the old body; the name then changes.
class Calc
  alias_method :old_zero, :zero
  define_method(:zero) { :new_zero }
end
p zero_site(c), c.old_zero, c.inner
# A singleton method on one receiver, and a second class at the site.
d = Calc.new
def d.zero = :singleton
p zero_site(d), zero_site(c)
class Other
  define_method(:zero) { :other }
end
p zero_site(Other.new), zero_site(c)
# Undefined.
Calc.send(:undef_method, :zero)
begin
  zero_site(c)
rescue NoMethodError => e
  p [:undef, e.name, e.class]
end
# Deep recursion through a define_method method raises, and the site
# keeps working after it.
class Deep
  define_method(:down) { |n| n == 0 ? 0 : down(n - 1) + 1 }
end
p Deep.new.down(200)
begin
  Deep.new.down(1_000_000)
rescue SystemStackError => e
  p e.class
end
p Deep.new.down(10)
