# Every frame of a deep recursion raises again from its `ensure`: each new
# exception keeps the one in flight as its cause, so thousands of
# exceptions stay alive, each with a backtrace thousands of lines long
# (kept as line ids until read). The chain, its messages and its
# backtraces as CRuby has them.

def down(n)
  raise ArgumentError, "bottom" if n == 0
  down(n - 1)
ensure
  raise NameError, "ensure #{n}" if n.odd?
end

begin
  down(600)
rescue => e
  p [e.class, e.message, e.backtrace.size, e.backtrace.first, e.backtrace.last]
  chain = []
  x = e
  while x
    chain << x
    x = x.cause
  end
  p chain.size
  p chain.last(3).map { |c| [c.class, c.message, c.backtrace.size] }
  p chain.map { |c| c.backtrace.size }.sum
  copy = e.exception("copied")
  p [copy.message, copy.backtrace == e.backtrace]
  e.set_backtrace(["x:1"])
  p e.backtrace
end
