x = 0
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
begin
raise "deep"
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
rescue => e
  x += 1
  raise e if x < 150
end
p x
