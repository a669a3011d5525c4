# Instance variables on objects without an ivar table (Array/String/Hash
# subclasses, procs): set, read, list, remove, copied by dup/clone, survive GC.
class Stack < Array
  attr_reader :limit
  def initialize(limit)
    super()
    @limit = limit
  end
  def push(x)
    raise "full" if size >= @limit
    super
  end
end
s = Stack.new(2)
s.push(1); s.push(2)
begin
  s.push(3)
rescue => e
  p e.message
end
p s, s.limit, s.instance_variables, s.instance_variable_get(:@limit)
class Tagged < String
  def initialize(str, tag)
    super(str)
    @tag = tag
  end
  attr_reader :tag
end
t = Tagged.new("hello", :greeting)
p t, t.tag, t.upcase, t.instance_variable_defined?(:@tag)
h = {}
h.instance_variable_set(:@meta, 42)
p h.instance_variable_get(:@meta), h.instance_variables
a = [1, 2]
a.instance_variable_set(:@x, "x")
GC.start
100000.times { [1].instance_variable_set(:@y, "garbage") }
GC.start
p a.instance_variable_get(:@x)
b = a.dup
c = a.clone
p b.instance_variable_get(:@x), c.instance_variable_get(:@x)
begin
  1.instance_variable_set(:@a, 1)
rescue => e
  p e.class, e.message
end
begin
  :sym.instance_variable_set(:@a, 1)
rescue => e
  p e.class, e.message
end
f = "frozen".freeze
begin
  f.instance_variable_set(:@a, 1)
rescue => e
  p e.class, e.message
end
p a.remove_instance_variable(:@x), a.instance_variables
pr = proc { 1 }
pr.instance_variable_set(:@name, "p")
p pr.instance_variable_get(:@name)
p (1..2).instance_variable_get(:@q)
