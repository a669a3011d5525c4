begin
  exit 4
rescue SystemExit => e
  p e.status
  p e.success?
  p e.message
end
begin
  exit true
rescue SystemExit => e
  p [e.status, e.success?]
end
begin
  exit 256 + 5
rescue SystemExit => e
  p e.status
end
begin
  exit "a"
rescue TypeError, ArgumentError => e
  p e.class
end
begin
  exit
rescue Exception
  puts "caught by Exception"
end
puts "after"
exit 256 + 7
