def show(label)
  yield
rescue => e
  puts "#{label}: #{e.class}"
  e.backtrace.each { |l| puts "  #{l.sub(/\A.*\//, '')}" }
end
def boom(x) = raise(ArgumentError, "boom #{x}")
show("filter_map with_index") { "a\nb".each_line(chomp: true).with_index(1).filter_map { |l, i| boom(l) } }
show("map.with_index") { [1, 2].map.with_index { |x, i| boom(x) } }
show("each_with_index") { [1].each_with_index { |x, i| boom(x) } }
show("each_slice.map") { [1, 2, 3].each_slice(2).map { |s| boom(s) } }
show("inject") { [1, 2].inject { |a, b| boom(b) } }
show("hash each_with_object") { { a: 1 }.each_with_object([]) { |(k, v), acc| boom(k) } }
show("sort_by") { [3, 1].sort_by { |x| boom(x) } }
show("times") { 3.times { |i| boom(i) } }
show("loop") { loop { boom(0) } }
show("each_cons") { (1..4).each_cons(2) { |a| boom(a) } }
show("group_by") { %w[a b].group_by { |x| boom(x) } }
show("select.each") { [1, 2].select.each { |x| boom(x) } }
show("upto") { 1.upto(3) { |x| boom(x) } }
show("step") { 1.step(10, 3) { |x| boom(x) } }
show("zip") { [1].zip([2]) { |a| boom(a) } }
show("hash map") { { a: 1 }.map { |k, v| boom(k) } }
show("min_by") { [1, 2].min_by { |x| boom(x) } }
show("each_entry") { (1..2).each_entry { |x| boom(x) } }
show("Struct each") { Struct.new(:a).new(1).each { |x| boom(x) } }
show("string each_char") { "ab".each_char.map { |c| boom(c) } }
show("Integer()") { Integer("zz") }
show("enum next") { e = [1].each; e.next; e.next }
show("send") { [1].send(:each) { |x| boom(x) } }
show("instance_exec") { Object.new.instance_exec(4) { |x| boom(x) } }
show("method to_proc") { [1].each(&method(:boom)) }
show("sym to_proc") { [1].map(&:zork) }
show("flat_map") { [[1]].flat_map { |x| boom(x) } }
show("tally_by") { [1].each_with_object({}).each { |x, h| boom(x) } }
show("sum") { [1, 2].sum { |x| boom(x) } }
show("count") { [1, 2].count { |x| boom(x) } }
show("uniq") { [1, 2].uniq { |x| boom(x) } }
show("cycle") { [1].cycle { |x| boom(x) } }
show("reverse_each") { [1].reverse_each { |x| boom(x) } }
show("chunk_while") { [1, 2].chunk_while { |a, b| boom(a) }.to_a }
show("Comparable clamp") { Class.new { include Comparable; def <=>(o) = boom(o) }.new.clamp(1, 2) }
