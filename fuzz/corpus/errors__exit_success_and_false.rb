# exit(false) gives status 1; SystemExit can be rescued and inspected
begin
  exit 3
rescue SystemExit => e
  p e.status, e.success?, e.message
end
begin
  exit
rescue SystemExit => e
  p e.status, e.success?
end
puts "now exiting false"
exit false
