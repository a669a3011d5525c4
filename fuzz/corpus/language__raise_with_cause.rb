# raise with cause: keyword, automatic cause, exception chains
def wrap
  yield
rescue => e
  raise RuntimeError, "wrapped: #{e.message}"
end
begin
  wrap { raise KeyError, "inner" }
rescue => e
  p e.message, e.cause.class, e.cause.message, e.cause.cause
end
begin
  raise ArgumentError, "explicit", cause: TypeError.new("the cause")
rescue => e
  p e.cause.message
end
begin
  begin
    raise "a"
  rescue
    raise "b", cause: nil
  end
rescue => e
  p e.cause
end
e = StandardError.new("bt")
e.set_backtrace(["x.rb:1:in `y'", "x.rb:2"])
p e.backtrace
begin
  raise e
rescue => e2
  p e2.backtrace, e2.equal?(e)
end
