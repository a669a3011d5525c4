# exit 2 terminates with status 2 after running ensure and at_exit
at_exit { puts "at_exit ran" }
begin
  puts "before exit"
  exit 2
ensure
  puts "ensure ran"
end
puts "not reached"
