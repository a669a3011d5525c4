at_exit do
  begin
    exit 5
  rescue SystemExit
    puts "rescued nested exit"
  end
end
exit 4
