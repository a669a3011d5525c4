# ObjectSpace._id2ref, WeakMap iteration without a block, singleton
# method hooks when the default hook was undefined, Class#dup of an
# extended class, Class#initialize and BasicObject.dup errors.
s = "text"
p ObjectSpace._id2ref(s.object_id).equal?(s)
p ObjectSpace._id2ref(:sym.object_id), ObjectSpace._id2ref(nil.object_id), ObjectSpace._id2ref(true.object_id)
p ObjectSpace._id2ref(12345.object_id)
begin
  ObjectSpace._id2ref(1 << 60)
rescue RangeError => e
  p e.message
end
ids = 200.times.map { Object.new.object_id }
GC.start
p ids.uniq.size == ids.size, 200.times.map { Object.new.object_id }.none? { ids.include?(_1) }
w = ObjectSpace::WeakMap.new
p w.each_key.equal?(w), w.each_value.equal?(w)
k = "key"
w[k] = 1
begin
  w.each_pair
rescue LocalJumpError => e
  p e.message
end
class Watched
  def singleton_method_added(n) = puts("added #{n}")
  def singleton_method_removed(n) = puts("removed #{n}")
  def singleton_method_undefined(n) = puts("undefined #{n}")
end
o = Watched.new
def o.a = 1
o.singleton_class.send(:remove_method, :a)
def o.b = 2
o.singleton_class.send(:undef_method, :b)
class Quiet
  undef_method :singleton_method_added
  def method_missing(n, *a) = puts("mm #{n} #{a.inspect}")
end
q = Quiet.new
def q.x = 1
class Loud; undef_method :singleton_method_added; end
l = Loud.new
begin
  def l.y = 1
rescue NoMethodError => e
  puts e.message[/undefined method `\w+'/]
end
m = Module.new { def hi = :hi }
k = Class.new
k.extend(m)
p k.dup.hi
p((BasicObject.dup rescue $!.message))
p((String.send(:initialize) rescue $!.message))
p Class.new.name, Class.new(String).new("x")
