# require is thread-safe: a feature one thread is loading makes another
# thread's require of it wait until the load ends (then it returns false),
# a failed load lets the waiting thread load it again, different features
# do not block each other, and a file requiring itself warns under -W.
require "tmpdir"

dir = Dir.mktmpdir
slow = File.join(dir, "slow.rb")
File.write(slow, <<~RUBY)
  $log << :slow_start
  Thread.current[:inside] = true
  Thread.pass until $waiter && $waiter.stop? unless Thread.current.equal?($waiter)
  $log << [:waiter_status, $waiter.status]
  raise "boom" if Thread.current[:fail]
  $log << :slow_end
RUBY

$log = []
results = {}
t1 = Thread.new { results[:t1] = require(slow) }
Thread.pass until t1[:inside]
$waiter = Thread.new { results[:t2] = require(slow); $log << :t2_after }
t1.join
$waiter.join
p results.sort, $log

# The first load raises: the waiting thread loads it itself.
$log = []
$waiter = nil
$LOADED_FEATURES.delete(slow)
t1 = Thread.new do
  Thread.current[:fail] = true
  require(slow)
rescue => e
  $log << [:t1_raised, e.message]
end
Thread.pass until t1[:inside]
$waiter = Thread.new { $log << [:t2, require(slow)] }
t1.join
$waiter.join
p $log
p $LOADED_FEATURES.count(slow)

# Two features at once: neither waits for the other.
a = File.join(dir, "a.rb")
b = File.join(dir, "b.rb")
File.write(a, "$log << :a_start; Thread.pass until $b_done; $log << :a_end\n")
File.write(b, "$log << :b; $b_done = true\n")
$log = []
ta = Thread.new { require a }
Thread.pass until $log.include?(:a_start)
tb = Thread.new { require b }
[ta, tb].each(&:join)
p $log

# A file requiring itself: false inside, with CRuby's warning under -W.
circ = File.join(dir, "circ.rb")
File.write(circ, "$inner = require(__FILE__)\n")
warnings = []
Warning.singleton_class.define_method(:warn) { |m, **| warnings << m }
$VERBOSE = true
p require(circ), $inner
$VERBOSE = false
p warnings.map { |w| w.lines.first[/loading in progress.*/].gsub(dir, "DIR") }
