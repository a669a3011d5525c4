# TracePoint :line events: one per statement that starts a new line, in
# methods, blocks, loops and branches.
$lines = []
tp = TracePoint.new(:line) { |t| $lines << t.lineno if t.path == __FILE__ }

def two_on_a_line
  a = 1; b = 2
  a + b
end

def branches(x)
  if x > 1
    :big
  elsif x == 1
    :one
  else
    :small
  end
end

def looping
  i = 0
  while i < 3
    i += 1
  end
  i
end

def endless(x) = x * 2

def multi_line_call(a,
                    b)
  [a,
   b]
end

def parens
  z = (1
       2)
  z
end

tp.enable
two_on_a_line
branches(2); branches(1)
branches(0)
looping
endless(3)
multi_line_call(1,
                2)
parens
[1, 2].each do |x|
  x + 1
end
x = if true then 1 else 2 end
begin
  raise "boom"
rescue => e
  e.message
ensure
  x = 2
end
tp.disable
p $lines
