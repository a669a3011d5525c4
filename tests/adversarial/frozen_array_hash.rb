def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
a = [3, 1, 2].freeze
%i[pop shift clear compact! flatten! reverse! rotate! shuffle! sort! uniq!].each do |m|
  t(m) { a.send(m) }
end
t(:push) { a.push(1) }
t(:lshift) { a << 1 }
t(:aset) { a[0] = 1 }
t(:concat) { a.concat([]) }
t(:delete) { a.delete(99) }
t(:fill) { a.fill(0) }
t(:insert) { a.insert(1) }
t(:map_bang) { a.map! { |x| x } }
t(:replace) { a.replace(a) }
t(:select_bang) { a.select! { true } }
t(:empty_clear) { [].freeze.clear }
t(:dup_unfrozen) { a.dup << 4 }
t(:clone_frozen) { a.clone.frozen? }
t(:clone_unfreeze) { a.clone(freeze: false).frozen? }
t(:clone_bad) { a.clone(freeze: 1) }
h = {a: 1}.freeze
t(:h_aset) { h[:b] = 1 }
t(:h_delete) { h.delete(:a) }
t(:h_default) { h.default = 1 }
t(:h_cbi) { h.compare_by_identity }
t(:h_merge_bang) { h.merge!({}) }
t(:h_merge) { h.merge(b: 2) }
t(:h_rehash) { h.rehash }
t(:h_clear) { h.clear }
t(:h_transform) { h.transform_values!(&:succ) }
t(:h_shift) { h.shift }
t(:h_store_existing) { h.store(:a, 1) }
t(:freeze_during_each) { b = [1, 2]; b.each { b.freeze }; b << 3 }
t(:freeze_during_map_bang) { b = [1, 2]; b.map! { |x| b.freeze; x } }
t(:receiver) { begin; a << 1; rescue FrozenError => e; e.receiver.equal?(a); end }
