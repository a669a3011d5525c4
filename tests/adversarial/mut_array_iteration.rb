def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:push_each) { a = [1, 2, 3]; a.each { |x| a << x if a.size < 10 }; a }
t(:delete_each) { a = (1..10).to_a; a.each { |x| a.delete(x) }; a }
t(:clear_each) { a = [1, 2, 3]; n = 0; a.each { n += 1; a.clear }; [a, n] }
t(:shift_each) { a = [1, 2, 3, 4]; r = []; a.each { |x| r << x; a.shift }; [a, r] }
t(:map_bang) { a = [1, 2, 3]; a.map! { |x| a.pop; x * 10 }; a }
t(:select_bang) { a = [1, 2, 3, 4]; a.select! { |x| a << 9 if a.size < 6; x.odd? }; a }
t(:reject_bang) { a = [1, 2, 3, 4]; a.reject! { |x| a.clear; x.even? }; a }
t(:sort_bang_clear) { a = [3, 1, 2]; a.sort! { |x, y| a.clear; x <=> y }; a }
t(:sort_by_mod) { a = [3, 1, 2]; a.sort_by! { |x| a << 0 if a.size < 5; x }; a }
t(:uniq_bang) { a = [1, 1, 2]; a.uniq! { |x| a.push(3) if a.size < 5; x }; a }
t(:each_index_pop) { a = [1, 2, 3, 4]; r = []; a.each_index { |i| r << i; a.pop }; r }
t(:reverse_each_clear) { a = [1, 2, 3]; r = []; a.reverse_each { |x| r << x; a.clear }; r }
t(:fill_pop) { a = [1, 2, 3]; a.fill { a.pop; 0 } ; a }
t(:each_with_index_insert) { a = [1, 2]; r = []; a.each_with_index { |x, i| r << [x, i]; a.insert(0, 0) if a.size < 5 }; r }
t(:index_mod) { a = [1, 2, 3]; a.index { a.clear; false } }
t(:delete_if_push) { a = [1, 2, 3]; a.delete_if { |x| a << 4 if a.size < 5; x == 2 }; a }
t(:keep_if_clear) { a = [1, 2, 3]; a.keep_if { |x| a.clear if x == 2; true }; a }
t(:zip_self) { a = [1, 2]; a.zip(a, a) }
t(:product_self) { a = [1, 2]; a.product(a) }
t(:concat_self) { a = [1, 2]; a.concat(a, a) }
t(:replace_self) { a = [1, 2]; a.replace(a) }
t(:push_splat_self) { a = [1, 2]; a.push(*a) }
t(:range_assign_self) { a = [1, 2, 3]; a[1..] = a; a }
t(:insert_self) { a = [1, 2]; a.insert(1, *a) }
t(:flat_map_mod) { a = [1, 2]; a.flat_map { |x| a << 3 if a.size < 4; [x, x] } }
t(:enum_next_clear) { a = [1, 2, 3]; e = a.each; r = [e.next]; a.clear; r << (e.next rescue $!.class); r }
t(:cycle_clear) { a = [1, 2]; n = 0; a.cycle { n += 1; a.clear if n > 3 }; n }
t(:inject_mod) { a = [1, 2, 3]; a.inject { |s, x| a.pop; s + x } }
t(:sum_mod) { a = [1, 2, 3]; a.sum { |x| a.clear; x } }
t(:min_by_mod) { a = [3, 2, 1]; a.min_by { |x| a.shift; x } }
t(:bsearch_mod) { a = [1, 2, 3, 4]; a.bsearch { |x| a.clear; x >= 2 } }
t(:combination_mod) { a = [1, 2, 3]; r = []; a.combination(2) { |c| r << c; a.clear }; r }
t(:permutation_mod) { a = [1, 2, 3]; r = 0; a.permutation { r += 1; a << 4 if a.size < 5 }; r }
t(:each_slice_mod) { a = (1..6).to_a; r = []; a.each_slice(2) { |s| r << s; a.pop }; r }
t(:group_by_mod) { a = [1, 2, 3]; a.group_by { |x| a.clear; x.odd? } }
