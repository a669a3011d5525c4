# break from a proc whose method has returned raises LocalJumpError
def make = proc { break 5 }
begin
  make.call
rescue LocalJumpError => e
  p e.class, e.message, e.reason, e.exit_value
end
def yielder
  r = yield
  "yielder got #{r}"
end
p yielder { next 7 }
p(yielder { break 8 })
l = lambda { break 9 }
p l.call
def each_pair_sum(a)
  a.each_slice(2).map { |x, y| break :odd_found if y.nil?; x + y }
end
p each_pair_sum([1, 2, 3, 4])
p each_pair_sum([1, 2, 3])
