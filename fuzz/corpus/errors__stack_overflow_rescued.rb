# Deep recursion raises SystemStackError which can be rescued
def down(n) = down(n + 1) + 1
begin
  down(0)
rescue SystemStackError => e
  puts e.class, e.message
end
def mutual_a(n) = mutual_b(n + 1)
def mutual_b(n) = mutual_a(n + 1)
begin
  mutual_a(0)
rescue SystemStackError => e
  puts "mutual: #{e.message}"
end
puts "still alive"
