# Site inside a block iterating a mixed-class array; a class changes mid-iteration
class Red; def tone = "red"; end
class Blue; def tone = "blue"; end
objs = [Red.new, Blue.new] * 4
out = []
objs.each_with_index do |o, i|
  out << o.tone
  if i == 3
    class Blue
      def tone = "BLUE"
    end
  end
end
p out
