# raise of an Exception subclass (not StandardError) escapes rescue => e
class Fatal < Exception; end
begin
  begin
    raise Fatal, "not a StandardError"
  rescue => e
    puts "should not rescue #{e}"
  end
rescue Exception => e
  puts "outer caught #{e.class}"
end
raise Fatal, "uncaught fatal"
