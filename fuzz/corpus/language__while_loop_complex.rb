# Nested loops with labels emulated via catch, loop counters, next/break in while
i = 0
result = []
while i < 5
  i += 1
  next if i == 2
  j = 0
  while j < 5
    j += 1
    break if j > i
    next if j.even?
    result << [i, j]
  end
end
p result
found = catch(:found) do
  (1..9).each do |a|
    (1..9).each do |b|
      throw :found, [a, b] if a * b == 42 && a < b
    end
  end
  nil
end
p found
n = 27
steps = 0
until n == 1
  n = n.even? ? n / 2 : 3 * n + 1
  steps += 1
end
p steps
k = 10
k -= 3 while k > 0
p k
