# Standard exception class hierarchy and what bare rescue catches
[ZeroDivisionError, NoMethodError, NameError, ArgumentError, TypeError, KeyError, IndexError,
 StopIteration, FrozenError, RangeError, FloatDomainError, RuntimeError, LocalJumpError,
 SystemExit, Interrupt, NotImplementedError, ScriptError, SystemStackError, FiberError,
 EncodingError, IOError, EOFError, RegexpError, UncaughtThrowError, ClosedQueueError,
 SecurityError, NoMatchingPatternError, Math::DomainError].each do |c|
  puts c.ancestors.grep(Class).take_while { |a| a != Object }.join(" < ")
end
def bare
  yield
rescue
  :caught
end
p bare { raise "x" }
p bare { 1 / 0 }
begin
  bare { raise NotImplementedError, "nie" }
rescue ScriptError => e
  p e.class
end
