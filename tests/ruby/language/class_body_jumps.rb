# break and next in a class body leave the loop or block around it, through
# nested class bodies and ensure clauses.
a = []
3.times do
  a << 1
  class Jumps
    a = nil
    break
  end
  a << :never
end
p a

b = []
3.times do |i|
  class Jumps
    next
  end
  b << i
end
p b

c = []
i = 0
while i < 3
  i += 1
  class Jumps
    class Inner
      next
    end
  end
  c << :never
end
p [i, c]

r = while true
  class Jumps
    break 42
  end
end
p r

$d = []
p(1.times {
  while true
    class Jumps
      begin
        break
      ensure
        $d << :ensure
      end
    end
  end
})
p $d

l = lambda do
  class Jumps
    break
  end
  :after
end
p l.call
