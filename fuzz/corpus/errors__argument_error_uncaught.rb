# Uncaught ArgumentError for wrong number of arguments
def pair(a, b)
  [a, b]
end
p pair(1, 2)
pair(1)
