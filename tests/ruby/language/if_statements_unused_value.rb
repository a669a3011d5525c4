# `if`/`unless` as statements whose value is discarded (loop bodies and
# all but the last statement of a body) are compiled without a value:
# each branch, elsif chains, else, jumps out of the branches, locals
# defined in a branch not taken, exceptions raised from a branch (their
# line numbers), and the same constructs where the value is used.

def log(x)
  puts x.inspect
end

# Updates under a modifier, in a while loop, with both outcomes.
i = 0
evens = 0
odds = 0
while i < 6
  evens += 1 if i.even?
  odds += 1 unless i.even?
  i += 1
end
log [evens, odds]

# elsif chains and else, each branch several statements.
[0, 1, 2, 3, 7].each do |n|
  out = []
  if n == 0
    out << :zero
    out << :nothing
  elsif n == 1
    out << :one
  elsif n < 5
    out << :few
    out << n
  else
    out << :many
  end
  log out
end

# unless/else as a statement.
r = []
[true, false, nil].each do |c|
  unless c
    r << :falsy
  else
    r << :truthy
  end
  r << :after
end
log r

# Empty branches and empty conditionals.
x = 5
if x > 1
end
unless x > 1
end
if x > 1 then else end
log x

# A local assigned only in a branch not taken exists and is nil.
i = 0
while i < 2
  never = 1 if false
  log never
  i += 1
end
if false
  hidden = 3
end
log hidden
log defined?(hidden)

# break, next and redo from branches of statement ifs.
i = 0
seen = []
while true
  i += 1
  next if i == 2
  if i > 4
    break
  end
  seen << i
end
log seen

redone = false
out = []
[1, 2].each do |v|
  out << v
  unless redone
    redone = true
    redo
  end
end
log out

r = [1, 2, 3, 4].map do |v|
  next v * 10 if v.odd?
  v
end
log r

def early(v)
  return :neg if v < 0
  if v == 0
    return :zero
  end
  :pos
end
log [early(-1), early(0), early(1)]

# A conditional as the last statement of a loop body, and a do-while.
i = 0
total = 0
begin
  total += i
  i += 1
  total += 100 if i == 3
end while i < 5
log [i, total]

res = while i < 8
  i += 1
  if i == 7
    i += 0
  end
end
log res

# The value is still there where it is used.
def last_if(v)
  if v then :yes else :no end
end
def last_unless(v)
  unless v
    :no
  end
end
log [last_if(true), last_if(false), last_unless(true), last_unless(false)]
y = (if false then 1 end)
log y
z = [1, 2].each { |v| v if v > 1 }
log z
a = (v = 3; v += 1 if v > 2)
log [a, v]

# Setters as branch statements keep no copy, and still run.
class Box
  attr_accessor :v
  def v=(x)
    puts "v= #{x}"
    @v = x
  end
end
b = Box.new
h = {k: 1}
[1, 2].each do |n|
  b.v = n if n > 1
  h[:k] += n unless n > 1
  if n == 2
    h[:j] = n
    b.v = n * 10
  end
end
log [b.v, h]

# An exception from a branch reports the branch's line.
def boom(v)
  if v
    raise ArgumentError, "bad #{v}"
  end
  :ok
end
begin
  boom(1)
rescue ArgumentError => e
  log e.message
  log e.backtrace[0][/\d+/].to_i
end
log boom(nil)

# Side effects in the predicate happen once, in order.
calls = []
i = 0
while i < 3
  if (calls << i; i.odd?)
    calls << :odd
  elsif (calls << :check; i.zero?)
    calls << :zero
  end
  i += 1
end
log calls
