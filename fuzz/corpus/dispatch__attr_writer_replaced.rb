# attr_writer fast path (ivar set) at a warm site replaced by a validating setter
class Temp
  attr_writer :deg
  def deg = @deg
end
def site(t, v) = (t.deg = v)
t = Temp.new
5.times { |i| site(t, i) }
p t.deg
class Temp
  def deg=(v)
    @deg = v.clamp(0, 50)
  end
end
site(t, 99)
p t.deg
Temp.send(:remove_method, :deg=)
begin
  site(t, 1)
rescue NoMethodError => e
  puts "setter gone: #{e.name}"
end
class Temp
  attr_accessor :deg
end
site(t, 7)
p t.deg
