# Range literals with Integer (or nil) ends are one frozen object per
# literal site (CRuby folds them into putobject); any other end makes a
# new Range each time.
def digits = (48..57)
def open_end = (1..)
def begin_less = (..10)
def excl = (0...3)
def computed(x) = (1..x)
def strs = ("a".."c")
def big = (1..2**64)
p digits.equal?(digits), open_end.equal?(open_end), begin_less.equal?(begin_less), excl.equal?(excl)
p computed(2).equal?(computed(2)), strs.equal?(strs), big.equal?(big)
p digits.frozen?, computed(3).frozen?, strs.frozen?
p [digits, open_end, begin_less, excl, computed(4), strs, big]
p (-5..-1).to_a, (1..nil).first(2), (nil..nil), (1.0..2.0).step(0.5).to_a
def classify(c)
  case c
  when 48..57 then :digit
  when 97..122, 65..90 then :alpha
  when 0...32 then :control
  else :other
  end
end
p "a1 Z\t~".bytes.map { classify(_1) }
p (1..3).sum, (1...1).to_a, (3..1).to_a, (1..10) % 3, ((1..10) % 3).to_a
r = (1..2)
begin
  r.instance_variable_set(:@x, 1)
rescue => e
  p e.class
end
