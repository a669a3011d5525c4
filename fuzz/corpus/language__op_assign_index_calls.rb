# Index op-assign evaluates receiver and index once; calls [] and []=
class Store
  def initialize = @h = {}
  def [](k)
    puts "get #{k}"
    @h[k]
  end
  def []=(k, v)
    puts "set #{k}=#{v}"
    @h[k] = v
  end
end
s = Store.new
def key
  puts "key evaluated"
  :k
end
s[key] ||= 1
s[key] ||= 2
s[key] += 3
s[key] &&= 0
class Multi
  def [](a, b) = (a * b)
  def []=(a, b, v)
    puts "multi set #{a},#{b} = #{v}"
  end
end
mm = Multi.new
mm[2, 3] += 1
