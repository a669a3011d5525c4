# send and public_send call sites after redefinition and visibility change
class Svc
  def run = "v1"
  def inspect = "#<Svc>"
end
def via_send(o) = o.send(:run)
def via_public(o) = o.public_send(:run)
def via_sym(o, m) = o.__send__(m)
o = Svc.new
5.times { via_send(o); via_public(o); via_sym(o, :run) }
p [via_send(o), via_public(o), via_sym(o, :run)]
class Svc
  def run = "v2"
  def other = "other"
end
p [via_send(o), via_public(o), via_sym(o, :run), via_sym(o, :other)]
Svc.send(:private, :run)
p via_send(o)
begin
  via_public(o)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
