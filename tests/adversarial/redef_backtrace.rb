class E1 < StandardError
  def backtrace = 42
end
begin
  raise E1, "x"
rescue => e
  p e.backtrace
end
e = RuntimeError.new("y")
p (e.set_backtrace(1) rescue $!.class)
p (e.set_backtrace(["a", 1]) rescue $!.class)
p e.set_backtrace("single")
p e.backtrace
begin
  raise e
rescue => ex
  p ex.backtrace
end
