# raise with string, class, class+message, instance, re-raise, cause
def show
  yield
rescue => e
  puts "#{e.class}: #{e.message.inspect}"
  e
end
show { raise "plain" }
show { raise ArgumentError }
show { raise ArgumentError, "with msg" }
show { raise ArgumentError.new("instance") }
show { raise IndexError.new }
show { raise KeyError, "" }
e = show do
  begin
    raise "first"
  rescue => inner
    raise TypeError, "second"
  end
end
p e.cause&.message
show do
  begin
    raise "again"
  rescue
    raise
  end
end
AnonErr = Class.new(StandardError)
show { raise AnonErr, "named by constant" }.class.superclass.then { |c| p c }
show { fail "via fail" }
e2 = RuntimeError.new("made")
p e2.message, e2.backtrace
show { raise e2 }
p e2.backtrace.is_a?(Array)
show { raise "fmt %d" % 5 }
begin
  raise 42
rescue TypeError => e
  puts e.message
end
