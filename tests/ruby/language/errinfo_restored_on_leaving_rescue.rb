def m
  require 'io/console_zz'
rescue LoadError
  nil
end
m
p $!
begin; raise "a"; rescue; end
p $!
def m2 = (raise "x" rescue 1)
m2
p $!
begin
  raise "outer"
rescue
  begin
    raise "inner"
  rescue
  end
  p $!.message
end
p $!
def m3
  begin
    raise "q"
  rescue
    return 5
  end
end
m3
p $!
begin
  raise "outer"
rescue
  begin
    raise "inner"
  rescue
  ensure
    p $!&.message
  end
  p $!.message
end
x = [1].each { begin; raise "b"; rescue; break; end }
p $!
def m4
  yield
rescue
  p [:m4, $!]
end
m4 { begin; raise "c"; rescue; next 1; end }
p $!
begin
  begin
    raise "z"
  rescue => e
    raise
  end
rescue
end
p $!
n = 0
begin
  p [:try, $!]
  n += 1
  raise "r" if n < 2
rescue
  retry
end
p $!
while true
  begin
    raise "w"
  rescue
    break
  end
end
p $!
3.times do |i|
  begin
    raise "n"
  rescue
    next
  end
end
p $!
def m5
  [1].each do
    begin
      raise "e"
    rescue
      return $!.message
    end
  end
end
p m5, $!
begin
  raise "outer"
rescue
  begin
    raise "inner"
  ensure
    p $!.message rescue p :nil
  end rescue p $!.message
  p $!.message
end
p $!
