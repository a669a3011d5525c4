# return inside proc vs lambda; LocalJumpError for orphan proc return
def lam_ret
  l = -> { return 10 }
  v = l.call
  "after lambda #{v}"
end
def proc_ret
  pr = proc { return 20 }
  pr.call
  "never"
end
p lam_ret
p proc_ret
def make_proc = proc { return 1 }
begin
  make_proc.call
rescue LocalJumpError => e
  puts "#{e.class}: #{e.message}"
  p e.reason
end
def each_ret
  [1, 2, 3].each { |x| return x * 100 if x == 2 }
  :none
end
p each_ret
l2 = lambda do |x|
  next x * 2 if x > 1
  :small
end
p l2.(1), l2.(5)
pr2 = proc { |x| next x + 1; :unreached }
p pr2.(1)
