# Prepending a module overrides the class's own method at a warmed site
class Engine
  def start = "vroom"
end
module Turbo
  def start = "TURBO " + super
end
def site(e) = e.start
e = Engine.new
5.times { site(e) }
p site(e)
Engine.prepend(Turbo)
p site(e)
module Turbo
  def start = "TURBO2 " + super
end
p site(e)
