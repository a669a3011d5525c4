h = {a: 1, a: 2}
x = {1.0 => 1, 1.0 => 2}
case 1
when 1 then 1
when 1 then 2
end
if (1..2) then end
def m
  END { puts "end" }
end
$VERBOSE = nil
eval("{b: 1, b: 2}")
$VERBOSE = false
eval("{c: 1, c: 2}")
module Warning
  def self.warn(m) = $stdout.puts("captured: #{m}")
end
eval("x = {d: 1, d: 2}")
eval("if (1..2) then end")
