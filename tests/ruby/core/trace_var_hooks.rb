$x = 1234
$y = 0
trace_var :$x, Proc.new{$y = $x}
$x = 40414
p $y == $x
p untrace_var(:$x).size
$x = 19660208
p $y != $x
trace_var :$x, Proc.new{$x *= 2}
$x = 5
p $x
ans = []
trace_var(:$a){|v| ans << v}
trace_var(:$b){|v| ans << v}
$a, $b = 1, 2
p ans
trace_var(:$c, "puts 'cmd ran'")
$c = 3
p untrace_var(:$c)
begin; untrace_var(:$nope); rescue NameError => e; p e.message; end
def set_var
  $var = 100
rescue
  :rescued
end
set_var
trace_var(:$var) { raise }
p set_var
