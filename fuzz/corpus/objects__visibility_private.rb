# private methods: implicit receiver only, self.setter allowed, messages
class Safe
  def inspect = "#<Safe>"
  def open = "opened #{secret}"
  def via_self = self.secret
  def set = (self.val = 5; @val)
  def call_other(o) = o.secret
  private
  def secret = "s3cret"
  attr_writer :val
end
s = Safe.new
p s.open
p s.via_self
p s.set
begin
  s.secret
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
begin
  s.call_other(Safe.new)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
begin
  s.val = 3
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p s.send(:secret)
begin
  s.public_send(:secret)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p Safe.private_instance_methods(false).sort
p s.respond_to?(:secret), s.respond_to?(:secret, true)
