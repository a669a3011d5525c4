# exit! skips at_exit handlers and ensure blocks
at_exit { puts "at_exit should not run" }
puts "before exit!"
$stdout.flush
begin
  exit!(4)
ensure
  puts "ensure should not run"
end
