# :raise, :script_compiled, :fiber_switch and :thread_* events, and
# Kernel#set_trace_func.
events = []
tp = TracePoint.new(:raise, :script_compiled, :fiber_switch, :thread_begin, :thread_end) do |t|
  e = [t.event, t.lineno, t.path, t.self.class, t.method_id]
  e << t.raised_exception if t.event == :raise
  e << t.eval_script << t.instruction_sequence.class if t.event == :script_compiled
  events << e
end

def divide(a, b) = a / b

tp.enable
begin
  divide(1, 0)
rescue ZeroDivisionError
end
begin
  begin
    raise KeyError, "inner"
  ensure
    :cleanup
  end
rescue KeyError => e
  begin
    raise e
  rescue KeyError
  end
end
eval("1 + 1")
f = Fiber.new { Fiber.yield 1; 2 }
f.resume
f.resume
Thread.new { :work }.join
tp.disable
events.each { |e| p e }

class Legacy
  def run(x) = x + 1
end
log = []
set_trace_func proc { |event, file, line, id, binding, klass|
  log << [event, line, id, klass, binding.class] if file == __FILE__
}
Legacy.new.run(1)
class Legacy; end
set_trace_func(nil)
log.each { |l| p l }
begin
  set_trace_func(1)
rescue TypeError => e
  p e.message
end
