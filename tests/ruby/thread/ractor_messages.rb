# Ractors (green-thread Ractors in carmine): ports, select, copying and
# moving, isolation errors, make_shareable.

# ---- ports -------------------------------------------------------------
r = Ractor.new { 'ok' }
p r.take
r = Ractor.new('ping', 'pong') { |a, b| [a, b, self.class] }
p r.take

echo = Ractor.new do
  loop { Ractor.yield Ractor.receive }
end
[1, :sym, "str", [1, [2]], {a: 1}].each { |v| echo << v; p echo.take }

main = Ractor.current
r = Ractor.new(main) do |m|
  m << 1
  m << 2
  m << 3
  :sent
end
p r.take
p Ractor.receive_if { |msg| msg == 2 }
p Ractor.receive, Ractor.receive

pipe = Ractor.new { loop { Ractor.yield Ractor.receive } }
workers = 4.times.map { |i| Ractor.new(pipe, i) { |pp, n| [n, pp.take * 10] } }
4.times { |i| pipe << i }
got = []
until workers.empty?
  w, v = Ractor.select(*workers)
  workers.delete(w)
  got << v
end
p got.map(&:last).sort

# ---- errors and closing --------------------------------------------------
r = Ractor.new do
  Thread.current.report_on_exception = false
  raise ArgumentError, "bad input"
end
begin
  r.take
rescue Ractor::RemoteError => e
  p [e.class, e.message, e.cause.class, e.cause.message, e.ractor.equal?(r)]
end
begin
  r.take
rescue Ractor::ClosedError => e
  p [e.class, e.message, e.is_a?(StopIteration)]
end

r = Ractor.new { Thread.current.report_on_exception = false; Ractor.receive }
p r.close_incoming, r.close_incoming
begin
  r.send(1)
rescue Ractor::ClosedError => e
  p e.message
end
r = Ractor.new { Thread.current.report_on_exception = false; Ractor.yield 1; :never }
p r.close_outgoing
begin
  r.take
rescue Ractor::ClosedError => e
  p e.message
end

begin
  Ractor.new
rescue ArgumentError => e
  p e.message
end
begin
  Ractor.select
rescue ArgumentError => e
  p e.message
end
begin
  Ractor.allocate
rescue TypeError => e
  p e.message
end
x = 10
begin
  Ractor.new { x + 1 }
rescue ArgumentError => e
  p e.message
end
p Ractor.new(name: "worker") { Ractor.current.name }.take

# ---- isolation in a non-main Ractor ------------------------------------
$counter = 0
CONFIG = { "mode" => "fast" }
FROZEN = { "mode" => "safe" }.freeze.each_value(&:freeze)
class Registry
  @items = ["a"]
  @@count = 0
  def self.items = @items
  def self.count = @@count
end
[-> { $counter }, -> { CONFIG["mode"] }, -> { FROZEN["mode"] }, -> { Registry.items },
 -> { Registry.count }, -> { NEW_CONST = [] }].each_with_index do |_, i|
  r = Ractor.new(i) do |k|
    Thread.current.report_on_exception = false
    case k
    when 0 then $counter
    when 1 then CONFIG["mode"]
    when 2 then FROZEN["mode"]
    when 3 then Registry.items
    when 4 then Registry.count
    when 5 then Object.const_set(:NEW_CONST, []) && :set
    end
  end
  begin
    p r.take
  rescue Ractor::RemoteError => e
    p [e.cause.class, e.cause.message]
  end
end

# ---- copies, moves and sharing ---------------------------------------
s = "text".dup
r = Ractor.new(s) { |t| [t, t.frozen?] }
v = r.take
p v, v[0].equal?(s)
fr = ["a".freeze, [1].freeze].freeze
p Ractor.shareable?(fr), Ractor.new(fr) { |o| o }.take.equal?(fr)
p Ractor.shareable?([1, "x"]), Ractor.shareable?([1, "x".freeze].freeze), Ractor.shareable?(1..2)
deep = [["inner"], { k: "v" }]
Ractor.make_shareable(deep)
p deep.frozen?, deep[0].frozen?, deep[0][0].frozen?, deep[1][:k].frozen?, Ractor.shareable?(deep)
c = Ractor.make_shareable([["z"]], copy: true)
p Ractor.shareable?(c)

r = Ractor.new { s2 = Ractor.receive; s2 << " world"; s2 }
msg = "hello".dup
r.send(msg, move: true)
p r.take
begin
  msg << "!"
rescue Ractor::MovedError => e
  p [e.class, e.message]
end

a = 1
pr = Ractor.current.instance_eval { Proc.new { a * 2 } }
Ractor.make_shareable(pr)
a = 5
p pr.call, Ractor.shareable?(pr)
b = 0
pr2 = Ractor.current.instance_eval { Proc.new { b = 1 } }
begin
  Ractor.make_shareable(pr2)
rescue ArgumentError => e
  p [e.class, e.message]
end

Ractor.current[:k] = "main"
p Ractor.new { Ractor.current[:k] }.take, Ractor.current[:k]
p Ractor.main.equal?(Ractor.current), Ractor.current.inspect

# a constant read through a warm cache is checked in a non-main Ractor too
STR_CONST = "hello"
def read_str = STR_CONST
read_str
begin
  Ractor.new { Thread.current.report_on_exception = false; read_str }.take
rescue Ractor::RemoteError => e
  p e.cause.message
end
