# ObjectSpace::WeakMap holds its keys and values weakly (CRuby 3.1): an
# entry goes once its key or its value is collected. The objects that
# must die are made in methods that have returned before GC.start, and
# counts of the dead allow a little slack (CRuby scans the native stack
# conservatively and may keep one alive); the live entries must all stay.
class Box
  attr_accessor :other
  def initialize(n) = @n = n
  def n = @n
end

def both_temporary(w, n)
  n.times { |i| w[Box.new(i)] = Box.new(-i) }
  nil
end

def temporary_values(w, keys)
  keys.each { |k| w[k] = Box.new(0) }
  nil
end

def temporary_keys(w, vals)
  vals.each { |v| w[Box.new(0)] = v }
  nil
end

def immediates_with_temporaries(w, n)
  n.times do |i|
    w[i] = Box.new(i)
    w[Box.new(i)] = :"s#{i % 3}"
  end
  nil
end

def classes_as_keys(w, n)
  n.times { |i| w[Class.new { define_method(:v) { i } }] = i }
  n.times { |i| w[i + 1000] = Module.new }
  nil
end

def slack(n) = n <= 3

w = ObjectSpace::WeakMap.new
both_temporary(w, 200)
GC.start
p slack(w.size), slack(w.keys.size), slack(w.values.size)

keys = Array.new(50) { |i| Box.new(i) }
w = ObjectSpace::WeakMap.new
temporary_values(w, keys)
GC.start
p slack(w.size), slack(keys.count { |k| w.key?(k) })

vals = Array.new(50) { |i| Box.new(i) }
w = ObjectSpace::WeakMap.new
temporary_keys(w, vals)
GC.start
p slack(w.size), slack(w.values.count { |v| vals.include?(v) })

w = ObjectSpace::WeakMap.new
immediates_with_temporaries(w, 100)
w[:a] = :b
w[700] = nil
GC.start
p slack(w.size - 2), w[:a], w.key?(700), w[700]

w = ObjectSpace::WeakMap.new
classes_as_keys(w, 100)
GC.start
p slack(w.size)

# Live pairs stay: strongly held, reachable through each other, or a
# value reachable only from its (held) key.
w = ObjectSpace::WeakMap.new
held = Array.new(30) { |i| [Box.new(i), Box.new(i * 2)] }
held.each { |k, v| w[k] = v }
chain = Box.new(:k)
def attach(w, k)
  v = Box.new(:v)
  k.other = v
  w[k] = v
  nil
end
attach(w, chain)
selfish = Box.new(:self)
w[selfish] = selfish
both_temporary(w, 100)
GC.start
p held.all? { |k, v| w[k].equal?(v) }, w[chain].equal?(chain.other), w[selfish].equal?(selfish)
p slack(w.size - 32)
p w.keys.count { |k| k.n.is_a?(Integer) && !held.any? { |h, _| h.equal?(k) } } <= 3

# An entry whose key dies while the value lives elsewhere, and the
# reverse, inside a longer-lived map that is itself in a WeakMap.
outer = ObjectSpace::WeakMap.new
inner = ObjectSpace::WeakMap.new
outer[inner] = :inner
shared = Box.new(:shared)
temporary_keys(inner, [shared] * 5)
GC.start
p outer[inner], slack(inner.size), shared.n

# Maps that become garbage go with their entries; the rest keep working.
def abandon(n) = n.times { ObjectSpace::WeakMap.new[Box.new(1)] = Box.new(2) }
abandon(500)
GC.start
w = ObjectSpace::WeakMap.new
k = Box.new(1)
w[k] = :ok
GC.start
p w[k], w.size
