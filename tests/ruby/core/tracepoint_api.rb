# TracePoint's API: creating, enabling (with a block, a target method or
# line), disabling, inspecting, and its errors.
def try
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

try { TracePoint.new(:no_such_event) {} }
try { TracePoint.new(:line) }
try { TracePoint.new(:rescue) {} }

tp = TracePoint.new(:line) {}
p tp
try { tp.lineno }
try { tp.event }
try { tp.path }
try { tp.method_id }
try { tp.return_value }
p tp.enabled?
p tp.enable
p tp.enable
p tp.enabled?
p tp.disable
p tp.disable
p tp.enabled?
p(tp.enable { :block_value })
p tp.enabled?
try { tp.enable(target_line: 3) }
try { tp.enable(target: 42) }

inspections = []
seen = TracePoint.new(:line, :call, :return, :c_call) do |t|
  next unless t.path == __FILE__
  inspections << t.inspect
  try { t.return_value } if t.event == :line
  try { t.raised_exception } if t.event == :call
  try { t.parameters } if t.event == :line
end
def twice(x) = x * 2
seen.enable
twice(1)
seen.disable
inspections.each { |i| puts i.sub(/0x\h+/, "XX") }

# Hooks do not fire inside hooks.
count = 0
inner = TracePoint.new(:call) { |t| count += 1; twice(2) if t.method_id == :twice }
inner.enable { twice(3) }
p count

# A targeted TracePoint only sees the target's events.
$target_line = __LINE__ + 3
def target_me(a)
  b = a + 1
  b * 2
end
def other(a) = a
lines = []
targeted = TracePoint.new(:line, :call, :return) { |t| lines << [t.event, t.lineno] }
targeted.enable(target: method(:target_me)) do
  other(1)
  target_me(1)
end
p lines
try { targeted.enable(target: method(:target_me)) { targeted.enable(target: method(:other)) {} } }
only_line = []
tl = TracePoint.new(:line) { |t| only_line << t.lineno }
tl.enable(target: method(:target_me), target_line: $target_line) { target_me(2) }
p only_line
try { tl.enable(target: method(:target_me), target_line: 1) { } }

# A Proc target, and its blocks.
pr = proc do |v|
  [v].map { |w| w + 1 }
end
plines = []
TracePoint.new(:line, :b_call) { |t| plines << [t.event, t.lineno] }.enable(target: pr) { pr.call(1) }
p plines

# TracePoint.trace enables at once.
t = TracePoint.trace(:call) { |x| }
p t.enabled?
t.disable

# disable with a block: off inside, back on after.
got = []
d = TracePoint.new(:call) { |x| got << x.method_id if x.path == __FILE__ }
d.enable
twice(1)
d.disable { twice(2) }
twice(3)
d.disable
p got
p TracePoint.new(:a_call, :a_return) {}.enabled?
