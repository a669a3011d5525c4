# An exception raised in ensure replaces the original one
def m
  raise "original"
ensure
  puts "in ensure"
  raise TypeError, "from ensure"
end
m
