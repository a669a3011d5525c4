def f = send(:f)
def g = method(:g).call
def h = public_send(:h)
[:f, :g].each do |m|
  begin
    send(m)
  rescue SystemStackError => e
    puts "#{m}: #{e.class}"
  end
end
begin
  h
rescue SystemStackError, NoMethodError => e
  puts "h: #{e.class}"
end
