# opt_size / opt_length / opt_empty_p read plain Arrays and Hashes directly
# until a method is redefined, included, prepended, undefined or refined;
# subclasses, singletons and other receivers always take the call.
def probe(x) = [x.size, x.length, x.empty?]

a = [1, 2, 3]
h = { a: 1 }
s = "héllo"
3.times { p [probe(a), probe(h), probe(s), probe([]), probe({})] }

# Mutations between calls are seen.
b = []
3.times { |i| b << i; p probe(b) }
g = {}
3.times { |i| g[i] = i; p probe(g) }
g.delete(0)
b.pop
p probe(g), probe(b)

class SubArray < Array
  def size = -1
end
p probe(SubArray.new([1]))

one = [7]
def one.length = :singleton
p probe(one)
p probe([7])

class Hash
  def empty? = :hash_empty_redefined
end
3.times { p [probe(a), probe(h)] }

module Sized
  def size = :prepended
end
Array.prepend(Sized)
3.times { p [probe(a), probe(h)] }

class Array
  alias_method :old_length, :length
  def length = old_length * 100
end
p probe(a)

class Hash
  undef_method :length
end
begin
  probe(h)
rescue NoMethodError => e
  puts e.message[/undefined method `length'/]
end

begin
  probe(Object.new)
rescue NoMethodError => e
  puts e.message[/undefined method `size'/]
end
p nil&.size
