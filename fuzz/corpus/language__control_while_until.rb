# while/until loops, begin...end while (do-while), modifiers
i = 0
while i < 3
  print i, " "
  i += 1
end
puts
until i == 0
  i -= 1
  print i
end
puts
n = 10
begin
  n += 1
end while n < 5
p n
m = 10
m += 1 while m < 15
p m
k = 0
k += 2 until k >= 7
p k
j = 0
begin j += 1 end until true
p j
out = []
a = [3, 1, 2]
while (e = a.shift)
  out << e * 10
end
p out
