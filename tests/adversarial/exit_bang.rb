at_exit { puts "at_exit should not run" }
$stdout.sync = true
puts "before"
begin
  exit!(6)
ensure
  puts "ensure should not run"
end
