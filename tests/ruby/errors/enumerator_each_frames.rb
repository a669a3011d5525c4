# Enumerator#each with and without arguments: results and backtrace frames.
def t; yield; rescue => e; p [e.class, e.message, e.backtrace.map { |l| l[/in .*/] }]; end
t { [1].each_slice(1).each(2) { |x| raise "a" } }
t { [1].each_slice(1).each { |x| raise "b" } }
t { [1, 2].each_with_index.map { |x, i| raise "c" } }
t { e = [1, 2].to_enum(:each_slice, 1); e.each { raise "d" } }
t { o = Object.new; def o.foo(k: 1) = yield(k); o.to_enum(:foo, k: 5).each { |v| raise "e#{v}" } }
t { [1].each.each.each { raise "f" } }
e = [3, 4].each_with_index
p e.each { }, e.each.class, e.to_a, e.size
module R; refine(Array) { def zz; yield 42; end }; end
using R
p [1].to_enum(:zz).map { |x| x }
