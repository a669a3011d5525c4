# Call sites of builtin (C-level) methods stay correct while warm: the
# cached entry is called without re-checking visibility or argument count,
# so every event that changes the answer must reach it.

class P
  def initialize(a)
    @a = a
  end

  def peer_hash(other)
    other.hash.class
  end
end

def fz(o) = o.frozen?
def ivg(o) = o.instance_variable_get(:@a)
def rt(o, n) = o.respond_to?(n)
def rtp(o, n) = o.respond_to?(n, true)

o = P.new(1)
3.times { p [fz(o), ivg(o), rt(o, :peer_hash), rtp(o, :initialize)] }

# Redefined in the class while warm, then removed (the builtin again).
class P
  def frozen?
    :redefined
  end
end
p fz(o)
class P
  remove_method :frozen?
end
p fz(o)

# Included and prepended modules come before Kernel's builtin.
module Mine
  def frozen?
    [:mine, super]
  end
end
class P
  include Mine
end
p fz(o)
module Pre
  def instance_variable_get(name)
    [:pre, super]
  end
end
class P
  prepend Pre
end
p ivg(o)

# A singleton method on one object only.
o2 = P.new(2)
def o2.frozen?
  :single
end
p [fz(o), fz(o2)]
o3 = P.new(3)
o3.extend(Module.new { def instance_variable_get(_) = :extended })
p [ivg(o), ivg(o3)]

# Visibility: private, then protected, then public again.
def h(o) = o.hash.class
3.times { h(o) }
class P
  private :hash
end
3.times do
  h(o)
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, "XX")
end
class P
  protected :hash
end
3.times do
  h(o)
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, "XX")
end
p o.peer_hash(P.new(9))
class P
  public :hash
end
p h(o)

# Undefined while warm.
def cls(o) = o.class
3.times { cls(P.new(0)) }
class P
  undef_method :class
end
3.times do
  cls(o)
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, "XX")
end

# An alias keeps the builtin after the name is redefined.
class String
  alias_method :old_upcase, :upcase
end
def up(s) = s.upcase
def oup(s) = s.old_upcase
3.times { up("a"); oup("a") }
class String
  def upcase
    "redefined #{self}"
  end
end
p [up("b"), oup("b")]

# One site, many receiver classes: builtins and Ruby methods mixed.
class Q
  def to_s = "Q!"
end
vals = [1, "s", :sym, 2.5, nil, Q.new, [1], { a: 1 }]
2.times { p vals.map { |v| v.to_s } }

# Wrong argument counts raise from sites that never cache the call.
def bad0(o) = o.frozen?(1)
def bad3(o) = o.respond_to?(:a, true, 3)
[-> { bad0(o) }, -> { bad3(o) }].each do |f|
  2.times do
    f.call
  rescue ArgumentError => e
    puts e.message
  end
end

# Exceptions from inside a builtin carry its frame in the backtrace.
def conv(s) = Integer(s)
3.times do |i|
  p conv(i.to_s)
end
begin
  conv("zz")
rescue ArgumentError => e
  p e.message
  p e.backtrace[0].sub(/^.*:(\d+)/, 'LINE \1')
  p e.backtrace[1].sub(/^.*:(\d+)/, 'LINE \1')
end

# A builtin that calls back into Ruby: deep recursion through it ends
# in SystemStackError, not a crash.
def deep(n) = method(:deep).call(n + 1)
begin
  deep(0)
rescue SystemStackError => e
  p e.class
end

# Comparable#between? (a builtin) calls the Ruby <=> of the receiver.
class V
  include Comparable
  attr_reader :v
  def initialize(v) = @v = v
  def <=>(o) = v <=> o.v
end
def btw(x, a, b) = x.between?(a, b)
p (1..5).map { |i| btw(V.new(i), V.new(2), V.new(4)) }
class V
  def <=>(o) = o.v <=> v
end
p (1..5).map { |i| btw(V.new(i), V.new(4), V.new(2)) }

# Protected methods: the class that made them protected decides.
module Secret
  protected def code = 42
end
class X
  include Secret
  def peek(o) = o.code
end
class Y
  include Secret
end
class Z < X
  protected :inspect
  def look(o) = o.inspect.class
end
p X.new.peek(Y.new), Z.new.peek(X.new), Z.new.look(Z.new)
begin
  X.new.instance_eval { Z.new.inspect }
rescue NoMethodError => e
  puts e.message.lines.first.sub(/0x\h+/, "XX")
end
begin
  Y.new.code
rescue NoMethodError => e
  puts e.message.lines.first.sub(/0x\h+/, "XX")
end
