# Errors raised by evaluated code: messages and backtraces as CRuby's
# (no wrapper source, (eval) lines labelled with the binding's frame).
def m(b) = b.eval("raise 'x'")
begin
  m(binding)
rescue => e
  puts e.message, e.backtrace
end
x = 5
b = binding
begin
  b.eval("x.foo")
rescue => e
  puts e.message, e.backtrace
end
begin
  eval("1 +\n nosuch")
rescue NameError => e
  puts e.message, e.backtrace
end
def n
  y = 1
  eval("y.bar")
end
begin
  n
rescue => e
  puts e.message, e.backtrace
end
b.eval("raise 'top'") rescue puts $!.backtrace
