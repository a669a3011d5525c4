# Including a module does not shadow the class's own method, only inherited ones
class Widget
  def name = "widget"
end
module Naming
  def name = "naming"
  def extra = "extra"
end
def site(o) = o.name
def site2(o) = o.respond_to?(:extra) ? o.extra : :none
w = Widget.new
5.times { site(w); site2(w) }
Widget.include(Naming)
p site(w), site2(w)
