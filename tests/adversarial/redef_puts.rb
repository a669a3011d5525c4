module Kernel
  def puts(*a) = print("P:", *a, "\n")
end
puts 1
$stdout.puts 2
STDOUT.puts 3
module Kernel
  def p(*a) = print("p called\n")
end
p 4
r = p(5)
print r.inspect, "\n"
class Object
  def puts(*) = raise("no puts")
end
begin
  puts 6
rescue => e
  print e.message, "\n"
end
$stdout.print "end\n"
