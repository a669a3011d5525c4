# require 'monitor': reentrant synchronize, MonitorMixin on a class and on
# an extended object, condition variables, owner checks.
require 'monitor'
require 'thread'
class Counter
  include MonitorMixin
  attr_reader :n
  def initialize
    super()
    @n = 0
  end
  def incr
    synchronize { synchronize { @n += 1 } }
  end
end
c = Counter.new
4.times.map { Thread.new { 25.times { c.incr } } }.each(&:join)
p c.n, c.mon_locked?
mon = Monitor.new
mon.synchronize { mon.synchronize { p mon.mon_owned? } }
p mon.mon_locked?, mon.try_enter, mon.mon_owned?
mon.exit
buf = []
buf.extend(MonitorMixin)
empty = buf.new_cond
consumer = Thread.new do
  buf.synchronize do
    empty.wait_while { buf.empty? }
    buf.shift
  end
end
buf.synchronize do
  buf << :item
  empty.signal
end
p consumer.value
begin
  mon.exit
rescue ThreadError => e
  p e.message
end
