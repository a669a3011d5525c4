begin
  exit 2
ensure
  puts "ensure ran"
end
