# Which errors from builtins show the builtin's own frame, as CRuby 3.1:
# a wrong argument count raised by the call (`in `size'`), but not errors
# raised by instructions that call the C function directly (opt_aref on
# an Array or Hash, opt_aset on a frozen Array, opt_ltlt); operators that
# are real calls keep theirs.
def t
  yield
rescue => e
  p [e.class, e.backtrace.map { |l| l[/in `.*'/] }]
end
t { [1][nil] }
t { [1][1, :x] }
t { [1].freeze[0] = 1 }
t { [1][nil] = 1 }
t { {}.freeze[1] = 2 }
t { Hash.new { |h, k| raise "dp" }[1] }
t { "a" + 1 }
t { [1] + nil }
t { 1 + nil }
t { 1.0 + nil }
t { 1 < nil }
t { "a" * -1 }
t { [1].size(1) }
t { nil.size }
t { 1 / 0 }
t { 1 % 0 }
t { "a" == 1 ? raise("x") : raise("y") }
t { !Class.new { def !; raise "bang"; end }.new }
t { Integer("1", 2, 3, 4) }
t { [1].push }
t { [1].first(1, 2) }
t { "a".send(:upcase, 1, 2, 3) }
t { [1].method(:size).call(1) }
t { 1.then(2) { } }
t { [3].each_slice }
t { [].frozen?(1) }
t { Object.new.frozen?(1) }
