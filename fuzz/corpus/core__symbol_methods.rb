# Symbol methods: to_proc, <=>, length, upcase, start_with?, [] and inspect
p :hello.length, :hello.size, :hello.upcase, :Hello.downcase, :hello.capitalize
p :hello[1], :hello[1..3], :hello.start_with?("he"), :hello.end_with?("lo")
p :a <=> :b, :b.succ, :upcase.to_proc.call("x")
p %i[b c a].sort, %i[b c a].max
p :sym.to_proc.arity, :sym.to_proc.lambda?
p :"hello world".inspect, :hello.inspect, :"9".inspect, :[]=.inspect, :!.inspect, :a=.inspect
p [:a, :b].map(&:to_s), %w[x y].map(&:to_sym)
p :a.object_id == :a.object_id, "a".to_sym.equal?(:a)
p :abc.empty?, :"".empty?, :ab.encoding.to_s
p Symbol.all_symbols.include?(:hello)
p :foo.then { [_1, _1.to_s * 2] }
