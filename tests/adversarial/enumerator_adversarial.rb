def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:next_end) { e = [1, 2].each; [e.next, e.next, (e.next rescue $!.message)] }
t(:peek_end) { e = [].each; e.peek }
t(:rewind) { e = [1].each; e.next; e.rewind; e.next }
t(:infinite_next) { e = Enumerator.new { |y| i = 0; loop { y << (i += 1) } }; [e.next, e.next, e.next] }
t(:infinite_step_next) { e = Enumerator.new { |y| 1.step { |i| y << i } }; 3.times.map { e.next } }
t(:infinite_take) { Enumerator.new { |y| loop { y << 1 } }.take(3) }
t(:lazy_infinite) { (1..Float::INFINITY).lazy.map { _1 * 2 }.select(&:even?).first(3) }
t(:lazy_chain) { (1..).lazy.filter_map { |x| x * 2 if x.odd? }.take(4).to_a }
t(:raise_inside) { Enumerator.new { raise "inside" }.next }
t(:raise_after_first) { e = Enumerator.new { |y| y << 1; raise "second" }; [e.next, (e.next rescue $!.message)] }
t(:size_nil) { Enumerator.new { }.size }
t(:size_lambda) { Enumerator.new(-> { 42 }) { }.size }
t(:with_index_offset) { %w[a b].each.with_index(2**64).to_a }
t(:each_slice_huge) { (1..3).each_slice(2**64).to_a }
t(:zip_infinite) { [1, 2].zip((1..).each) }
t(:cycle_lazy) { [1, 2].cycle.lazy.map { _1 * 3 }.first(5) }
t(:produce) { Enumerator.produce(1) { |x| x * 2 }.take(5) }
t(:produce_stop) { Enumerator.produce(3) { |x| x.zero? ? raise(StopIteration) : x - 1 }.to_a }
t(:chain) { ([1].each + [2]).to_a }
t(:next_values) { e = [[1, 2], 3].each; [e.next_values, e.next_values] }
t(:feed) { e = [1].map; e.next; e.feed(:x); (e.next rescue $!.class) }
t(:feed_twice) { e = [1, 2].map; e.next; e.feed(1); e.feed(2) }
t(:enum_for_missing) { 1.enum_for(:nosuch).to_a }
t(:yielder_outside) { y = nil; e = Enumerator.new { |yy| y = yy }; e.to_a; y << 1; :survived }
t(:generator_mutation) { a = [1, 2, 3]; e = a.each; e.next; a.push(4); [e.next, e.next, e.next] }
t(:nested_next) { e1 = [1, 2].each; e2 = Enumerator.new { |y| y << e1.next; y << e1.next }; [e2.next, e2.next] }
t(:many_enumerators) { 2000.times.map { |i| e = [i].each; e.next }.sum }
t(:abandoned_enumerators) { 500.times { e = (1..).each; e.next; e.next } ; :ok }
