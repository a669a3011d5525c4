# Sites that missed (NoMethodError / respond_to? false) recover after definition
class Lazy
  def inspect = "#<Lazy>"
end
def call_it(o) = o.compute
def can?(o) = o.respond_to?(:compute)
o = Lazy.new
misses = 0
5.times do
  can?(o)
  call_it(o)
rescue NoMethodError
  misses += 1
end
p misses, can?(o)
Lazy.define_method(:compute) { 42 }
p can?(o), call_it(o)
Lazy.send(:undef_method, :compute)
p can?(o)
begin
  call_it(o)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
