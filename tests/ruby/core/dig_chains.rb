S = Struct.new(:a, :b)
class Box
  def initialize(v) = @v = v
  def dig(k, *rest) = rest.empty? ? @v[k] : @v[k].dig(*rest)
end
class H2 < Hash
  def dig(*a) = (puts "H2#dig #{a.inspect}"; super)
end
class A2 < Array; end
data = { x: [S.new({ y: 1 }, "str"), Box.new({ z: [10, 20] })], h: H2[k: { v: 5 }], a: A2[[1, [2]]] }
p data.dig(:x, 0, :a, :y), data.dig(:x, 1, :z, 1), data.dig(:h, :k, :v), data.dig(:a, 0, 1, 0)
p data.dig(:x, 0, 5), data.dig(:nope, 1, 2), [nil].dig(0, 1)
h = Hash.new { |hh, k| "def-#{k}" }
p({ q: h }.dig(:q, :zz))
[[:x, 0, :b, 0], [:x, 0, 9, 0], [:x, 1, :z, 0, 1], [:h, :k, :v, :w], [:x, 0, 1, 0]].each do |path|
  begin
    p data.dig(*path)
  rescue => e
    puts "#{e.class}: #{e.message}"
    puts e.backtrace.map { |l| l.sub(/^.*?:/, '') }
  end
end
begin
  [1].dig
rescue ArgumentError => e
  puts e.message
end
p S.new([1, [2, 3]]).dig(:a, 1, 0)
begin
  S.new(1).dig(:c)
rescue => e
  puts "#{e.class}: #{e.message}"
end
