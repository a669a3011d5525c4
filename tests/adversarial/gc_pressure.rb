def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:alloc_loop) { a = nil; 200_000.times { |i| a = [i, "s#{i}", {i => i}] }; a[0] }
t(:retained) { keep = []; 50_000.times { |i| keep << "x#{i}" }; GC.start; keep[49_999] }
t(:big_hash) { h = {}; 100_000.times { |i| h["k#{i}"] = i }; GC.start; [h.size, h["k99999"]] }
t(:deep_tree) { tree = nil; 20_000.times { |i| tree = [tree, i] }; GC.start; n = 0; t2 = tree; while t2; n += 1; t2 = t2[0]; end; n }
t(:strings_churn) { s = +""; 10_000.times { s = s + "a" if s.size < 5000; s = s.dup }; s.size }
t(:gc_in_block) { [1, 2, 3].map { GC.start; "v#{_1}" } }
t(:gc_in_sort) { (1..200).to_a.shuffle(random: Random.new(1)).sort { |a, b| GC.start if a == 100; a <=> b }.first(3) }
t(:gc_in_hash_default) { h = Hash.new { |hh, k| GC.start; hh[k] = k.to_s * 2 }; (1..50).map { h[_1] }.last }
t(:gc_in_inspect) { c = Class.new { def inspect = (GC.start; "I") }; [c.new, c.new].inspect }
t(:gc_in_hash_method) { c = Class.new { def hash = (GC.start; 1); def eql?(o) = true }; h = {}; 20.times { h[c.new] = 1 }; h.size }
t(:gc_stat) { GC.stat.is_a?(Hash) }
t(:gc_count) { GC.count.is_a?(Integer) }
t(:object_space) { ObjectSpace.each_object(Class).first.is_a?(Class) }
t(:gc_disable) { GC.disable; x = 10_000.times.map { "d" }; GC.enable; x.size }
t(:symbols) { 10_000.times.map { |i| :"sym_#{i}" }.uniq.size }
t(:procs_closure) { ps = 10_000.times.map { |i| -> { i } }; GC.start; ps.sum(&:call) }
t(:finalizer_free) { 1000.times { Object.new.instance_variable_set(:@a, "x" * 100) }; GC.start; :ok }
t(:exceptions_mass) { n = 0; 20_000.times { begin; raise "e"; rescue; n += 1; end }; n }
t(:throw_mass) { 20_000.times.sum { catch(:t) { throw :t, 1 } } }
