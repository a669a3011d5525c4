# Uninitialized ivars are nil without warning; defined? distinguishes them; globals too
class Lazy
  def get = @value
  def set? = defined?(@value)
  def fill = @value = 1
  def memo = @memo ||= (puts "computing"; 42)
end
l = Lazy.new
p l.get, l.set?
l.fill
p l.get, l.set?
p l.memo, l.memo
p $never_set, defined?($never_set)
$now_set = nil
p defined?($now_set)
@top_ivar = 3
p defined?(@top_ivar), self.instance_variables
