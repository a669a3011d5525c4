# Struct classes get their own class-level methods (new, [], members,
# inspect, keyword_init?), and Struct#initialize follows CRuby 3.1's
# rb_struct_initialize_m: positional values, or one Hash with
# keyword_init: true whose keys are member names or positions.
# Warnings are printed without the script's path.
def Warning.warn(msg) = print(msg.sub(/\A[^:]*:(\d+):/, 'line \\1:'))
S = Struct.new(:a, :b)
p S.singleton_methods.sort, S.singleton_methods(false).sort
p S.method(:new).owner, S.method(:members).owner, Struct.method(:new).owner
p Struct.singleton_methods(false)
p S.members, S.keyword_init?, S.inspect, S[1, 2], S.new(3)
begin
  Struct.members
rescue NoMethodError => e
  p e.message
end
class U < S
  def extra = a.to_i + b.to_i
end
p U.singleton_methods(false), U.new(1, 2).extra, U.members, U.inspect, U[5]

K = Struct.new(:x, :y, keyword_init: true)
p K.inspect, K.keyword_init?, K.new(x: 1, y: 2), K.new({ y: 3 }), K.new
p K.new(0 => :zero, -1 => :last), K.new("x" => 4, 1.0 => 5)
[
  -> { K.new(1) },
  -> { K.new({ x: 1 }, 2) },
  -> { K.new(z: 1, "w" => 2, 7 => 3, -5 => 4) },
  -> { K.new(nil => 1) },
  -> { S.new(1, 2, 3) },
].each do |f|
  f.call
rescue ArgumentError, TypeError => e
  p [e.class, e.message]
end
F = Struct.new(:x, keyword_init: false)
p F.keyword_init?, F.inspect, F.new(x: 1)

# Passing only keywords to a struct without keyword_init warns, from
# wherever initialize is reached.
p S.new(a: 1)
class V < S
  def initialize(v)
    super(a: v)
  end
end
p V.new(2)
p S.new({ a: 1 })

# Re-initializing, frozen structs, allocate.
s = S.new(1, 2)
s.send(:initialize, 9)
p s
s.freeze
begin
  s.send(:initialize, 1)
rescue FrozenError => e
  p e.message
end
p S.allocate.to_a

# A subclass of Struct itself makes struct classes too.
class MyStruct < Struct
  def hello = "hi #{members.join}"
end
M = MyStruct.new(:q, :r)
p M.superclass, M.new(1).hello, M.new(1, 2).to_a

# Hooks see every definition.
class Struct
  def self.singleton_method_added(m) = (@added ||= []) << m
  def self.added = @added
end
class Object
  def self.method_added(m) = ($madded ||= []) << [self, m]
end
H = Struct.new(:h) do
  def extra = 1
end
p H.added.sort
p $madded.select { |k, _| k.equal?(H) }.map(&:last).sort

# Block form, named structs, duplicate and bad members.
B = Struct.new(:v) { def twice = v * 2 }
p B.new(4).twice
p Struct.new("Named", :n).new(1)
p Struct::Named.name
begin
  Struct.new(:a, :a)
rescue ArgumentError => e
  p e.message
end

# A nil name is no name; a subclass of Struct holds the named ones.
p Struct.new(nil, :n).new(1)
class Fruit < Struct; end
Fruit.new("Apple", :kind)
p Fruit::Apple.new(:red), Fruit::Apple.superclass

# A copy of a struct class (or any class) keeps its class-level methods
# and members.
D = S.dup
p D.new(1), D.members, D.singleton_methods.sort
class Greeter
  def self.hi = :hi
end
p Greeter.dup.hi, Greeter.clone.hi
