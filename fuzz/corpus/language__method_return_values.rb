# Implicit/explicit return, multiple return values, return in ensure-free paths
def implicit = 42
def explicit
  return 1
  2
end
def multi = return 1, 2, 3
def early(x)
  return :neg if x < 0
  return :zero if x.zero?
  :pos
end
def nothing; end
def empty_return = return
p implicit, explicit, multi
p [-1, 0, 1].map { |x| early(x) }
p nothing
p empty_return
def last_expr(x)
  if x then :yes else :no end
end
p last_expr(true), last_expr(nil)
def assign_value = (a = 5)
p assign_value
def ret_splat = return *[1, 2], 3
p ret_splat
p (def defined_method; end)
