x = 0
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
1.times do
x += 1
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
p x
