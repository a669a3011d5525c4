# Methods added to Array, Hash and String (as ActiveSupport does) leave
# the specialised instructions (size/length/empty?, <<, [], sort's <=>)
# answering; then each of those operators is changed while the sites are
# warm, by def, alias, define_method, visibility and removal, and every
# site must see the change.
def sizes(a, h) = [a.size, a.length, a.empty?, h.size, h.length, h.empty?]
def push(x, v) = x << v
def aref(a, h) = [a[0], h[:k]]
def sorted(a) = a.sort
def warm(n)
  a = [3, 1, 2]
  h = {k: 1}
  r = nil
  n.times { r = [sizes(a, h), push([], 1), push(+"s", "t"), aref(a, h), sorted(%w[b c a])] }
  r
end

# Where the operators live (a module's method can only hide them when
# prepended).
p [Symbol, Integer, Array, Hash, String].map { |c|
  %i[== <=> size <<].select { |m| c.method_defined?(m) }.map { |m| [m, c.instance_method(m).owner] }
}

class Array
  def second = self[1]
  def sum_of_squares = sum { |x| x * x }
end
class Hash
  def symbolize = transform_keys(&:to_sym)
end
class String
  def shout = upcase + "!"
  def squish = strip.squeeze(" ")
end
p warm(20)
p [[1, 2, 3].second, [1, 2].sum_of_squares, {"a" => 1}.symbolize, "hi".shout, " a  b ".squish]

class Array
  alias_method :orig_size, :size
  def size = :array_size
end
p warm(3)
class Array
  alias_method :size, :orig_size
end
p warm(3)
module Lengths
  def length = :prepended_length
end
class Array
  prepend Lengths
end
p warm(3)
module Lengths
  remove_method :length
end
p warm(3)

class Hash
  alias_method :length, :keys
end
p warm(3)

class String
  alias_method :orig_append, :<<
  alias_method :orig_cmp, :<=>
  define_method(:<<) { |o| "#{self}<<#{o}" }
end
p warm(3)

class String
  def <=>(o) = o.to_s.bytesize <=> bytesize
end
p sorted(%w[bb a ccc])
# (CRuby's error_highlight, written in Ruby, needs String's own.)
class String
  alias_method :<<, :orig_append
  alias_method :<=>, :orig_cmp
end
p warm(3)

class Array
  private :empty?
end
begin
  sizes([], {})
rescue NoMethodError => e
  puts e.message
end
class Array
  public :empty?
end
p sizes([], {})

class Hash
  alias_method :orig_aref, :[]
  def [](k) = "hash[#{k}]"
end
p aref([9], {k: 1})
class Hash
  alias_method :[], :orig_aref
end
class Array
  undef_method :<<
end
p aref([9], {k: 1})
begin
  push([], 1)
rescue NoMethodError => e
  puts e.message
end
