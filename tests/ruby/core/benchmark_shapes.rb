# require 'benchmark': the shapes of realtime/measure results (the timings
# themselves vary, so only their types and report layout are printed).
require 'benchmark'
t = Benchmark.realtime { 1000.times { } }
p t.class, t >= 0
m = Benchmark.measure { 100.times { } }
p m.class, m.real.class, m.utime.class, m.total >= 0
p m.format("%n").class, m.to_a.size
