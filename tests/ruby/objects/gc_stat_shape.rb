# GC.stat and ObjectSpace.count_objects: CRuby 3.1's keys and value types,
# and relations between the figures that hold on any heap (the figures
# themselves differ between implementations). Classes and modules are
# counted, and their counts fall back after they are collected.
stat = GC.stat
p stat.keys
p stat.values.all?(Integer)
p stat[:heap_live_slots] + stat[:heap_free_slots] + stat[:heap_final_slots] == stat[:heap_available_slots]
p stat[:minor_gc_count] + stat[:major_gc_count] == stat[:count]
p stat[:total_allocated_objects] >= stat[:total_freed_objects]
p GC.stat(:count).is_a?(Integer), GC.stat(:heap_live_slots) > 0
h = {}
p GC.stat(h).equal?(h), h.size == stat.size
begin
  GC.stat(:no_such_key)
rescue ArgumentError => e
  p e.message
end
begin
  GC.stat(1)
rescue TypeError => e
  p e.message
end

counts = ObjectSpace.count_objects
p counts.keys.take(2)
p counts.values.all? { |v| v.is_a?(Integer) && v > 0 }
p counts.keys.drop(2).all? { |k| k.to_s.start_with?("T_") }
p %i[T_OBJECT T_CLASS T_MODULE T_STRING T_ARRAY T_HASH].all? { |k| counts.key?(k) }
p counts[:TOTAL] == counts.values.sum - counts[:TOTAL]
p counts[:T_CLASS] > 10, counts[:T_MODULE] > 3
mine = { T_CLASS: 99, zzz: 5 }
p ObjectSpace.count_objects(mine).equal?(mine), mine[:zzz], mine[:T_CLASS] < 99_000
begin
  ObjectSpace.count_objects(1)
rescue TypeError => e
  p e.message
end

def churn(n)
  n.times { Class.new { def v = 1 }.new.v }
  n.times { Module.new }
  nil
end

GC.start
before = ObjectSpace.count_objects
count = GC.count
freed = GC.stat(:total_freed_objects)
churn(3000)
mid = ObjectSpace.count_objects
p mid[:T_CLASS] >= before[:T_CLASS], GC.stat(:total_allocated_objects) > freed
GC.start
after = ObjectSpace.count_objects
p after[:T_CLASS] - before[:T_CLASS] < 100, after[:T_MODULE] - before[:T_MODULE] < 100
p GC.count > count, GC.stat(:total_freed_objects) - freed >= 6000
