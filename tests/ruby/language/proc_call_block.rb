# A block given to Proc#call reaches the proc's &block parameter, not yield
f = lambda { |a, b = (a | 16), *c, &block| [a, b, c, block && block[]] }
p f.call(8), f.call(8) { 45 }, f.(8, 43, 44) { 45 }
p Proc.new { |&b| b.call(10) }.call { |x| x }
def mm
  pr = proc { yield }
  pr.call { 2 }
end
p mm { 1 }
def m3
  pr = proc { |&b| b.call + yield }
  pr.call { 2 }
end
p m3 { 1 }
