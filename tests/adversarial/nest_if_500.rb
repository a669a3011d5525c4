x = 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
if x == 1
puts :deep
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
