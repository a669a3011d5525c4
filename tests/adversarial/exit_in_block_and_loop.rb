loop do
  begin
    [1, 2].each { |x| exit 8 if x == 2 }
  ensure
    puts "ensure in loop"
  end
end
