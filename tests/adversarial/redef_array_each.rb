class Array
  def each
    yield 42
    self
  end
end
p [1, 2].map { |x| x * 2 }
r = []
for x in [1, 2]
  r << x
end
p r
p [1, 2].each_slice(1).to_a
p [1, 2].include?(2)
p [1, 2].select(&:odd?)
a, b = *[1, 2]
p [a, b]
p [1, 2].to_a.size
p [5, 6].each_with_index.to_a
p [5, 6].min
class Array
  undef_method :each
end
begin
  [1].each { }
rescue NoMethodError => e
  puts e.message.lines.first
end
p [1, 2].map { |x| x + 1 }
