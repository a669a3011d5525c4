begin
  abort "msg"
rescue SystemExit => e
  p e.status
  p e.message
end
begin
  abort 1
rescue TypeError => e
  p e.class
end
puts "continued"
