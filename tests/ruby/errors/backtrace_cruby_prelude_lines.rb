# Methods CRuby 3.1 writes in its own Ruby (kernel.rb, array.rb, dir.rb,
# marshal.rb, timev.rb, warning.rb) show <internal:...> lines in backtraces.
def try
  yield
rescue Exception => e
  puts "#{e.class}: #{e.backtrace.first(2).join(' | ')}"
end
try { 1.tap { raise "x" } }
try { 1.then { raise "x" } }
try { 1.yield_self { raise "x" } }
try { 1.tap }
try { Float("zz") }
try { Kernel.Float("q") }
try { [1, 2].shuffle(random: Object.new) }
try { [1, 2].sample(random: Object.new) }
try { Dir.glob(3) }
try { Dir.open(3) }
try { Dir["x", base: 3] }
try { Marshal.load("x") }
try { Time.at("x") }
try { warn("x", uplevel: "a") }
try { [[1, 2]].each { |a, b| a.tap { raise "in" } } }
