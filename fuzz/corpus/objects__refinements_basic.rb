# refine + using: refined methods visible only after using, in that file scope
module StringExt
  refine String do
    def shout = upcase + "!"
    def length = super * 100
  end
end
def before_using(s) = s.respond_to?(:shout)
p before_using("x")
begin
  "x".shout
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
using StringExt
p "hey".shout
p "abc".length
p "abc".send(:length) rescue p $!
p ["ab", "c"].map(&:length)
p before_using("x")
module IntExt
  refine Integer do
    def minutes = self * 60
    def +(o) = "refined plus #{o}"
  end
end
using IntExt
p 5.minutes
p 1 + 2
p [1, 2].sum
