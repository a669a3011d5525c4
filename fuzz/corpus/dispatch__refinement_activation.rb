# A site lexically before `using` never sees the refinement; one after does, and tracks changes
module Shout
  refine String do
    def shout = upcase + "!"
  end
end
def before_site(s) = s.shout
3.times do
  before_site("a")
rescue NoMethodError
  print "nm "
end
puts
using Shout
def after_site(s) = s.shout
5.times { print after_site("x"), " " }
puts
begin
  before_site("b")
rescue NoMethodError
  puts "still no method before using"
end
module Shout
  refine String do
    def shout = upcase + "!!!"
  end
end
p after_site("y")
class String
  def shout = "unrefined"
end
p after_site("z"), before_site("w")
