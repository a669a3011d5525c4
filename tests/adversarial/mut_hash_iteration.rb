def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:insert_each) { h = {a: 1}; h.each { h[:b] = 2 }; h }
t(:update_existing) { h = {a: 1}; h.each { h[:a] = 2 }; h }
t(:delete_each) { h = {a: 1, b: 2, c: 3}; h.each { |k, _| h.delete(k) }; h }
t(:rehash_each) { h = {a: 1}; h.each { h.rehash }; h }
t(:clear_each) { h = {a: 1, b: 2}; n = 0; h.each { n += 1; h.clear }; [h, n] }
t(:compare_by_identity) { h = {a: 1}; begin; h.each { h.compare_by_identity }; rescue => e; e.class; end }
t(:key_mutation) { a = [1]; h = {a => 1}; a << 2; [h[a], h.rehash[a], h[[1, 2]]] }
t(:string_key_copy) { s = +"a"; h = {s => 1}; s << "b"; [h, h.keys[0].frozen?] }
t(:default_proc_clear) { h = Hash.new { |hh, k| hh.clear; k }; h[:x] = 1; [h[:y], h] }
t(:default_proc_insert_during_each) { h = Hash.new { |hh, k| hh[k] = k }; h[1] = 1; h.each { h[2] }; h }
t(:select_bang_add) { h = {a: 1}; h.select! { h[:z] = 1; true }; h }
t(:map_add) { h = {a: 1}; h.map { |k, v| h[:"#{k}x"] = v } }
t(:each_key_after_delete_add) { h = {a: 1, b: 2}; h.each_key { |k| h.delete(:b); h[:b] = 3 if k == :a }; h }
t(:transform_values_bang_add) { h = {a: 1}; h.transform_values! { |v| h[:q] = 1; v }; h }
t(:merge_self) { h = {a: 1}; h.merge!(h) { |*, v| v + 1 } }
t(:update_self_block) { h = {a: 1}; h.update(h) { |k, a, b| h.delete(:a); a + b } }
t(:replace_self) { h = {a: 1}; h.replace(h) }
t(:shift_each) { h = {a: 1, b: 2}; r = []; h.each { |k, v| r << k; h.shift }; [r, h] }
t(:sort_by_mod) { h = {b: 1, a: 2}; h.sort_by { |k, v| h.delete(k); v } }
t(:find_add) { h = {a: 1}; h.find { h[:n] = 1; false } }
t(:to_a_in_iter) { h = {a: 1}; h.each { h.to_a }; h.size }
t(:nested_iter_insert) { h = {a: 1}; h.each { h.each { }; h[:b] = 1 rescue $!.class }; h }
t(:after_failed_insert) { h = {a: 1}; (h.each { h[:b] = 2 } rescue nil); h[:c] = 3; h }
t(:hash_mutating_hash_method) do
  k = Struct.new(:v) do
    def hash = (v.is_a?(Array) ? v.size : 0)
  end
  key = k.new([1])
  h = {key => :x}
  key.v << 2
  [h[key], h.rehash[key]]
end
t(:eql_raises) do
  c = Class.new { def hash = 1; def eql?(o) = raise("boom") }
  h = {c.new => 1}
  h[c.new]
end
