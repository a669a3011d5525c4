# Marshal.dump byte-for-byte as CRuby 3.1 (format 4.8) for core types, links, cycles, user classes, marshal_dump; Marshal.load round trips and error messages.
Point = Struct.new(:x, :y)
class Box; def initialize(a) = (@a = a; @b = [a, a]); attr_reader :a, :b; end
vals = [nil, true, false, 0, 1, -1, 122, 123, -123, -124, 255, 256, -256, 65535, 2**30 - 1, 2**30, -(2**30), -(2**30) - 1, 2**64, -(2**70),
        1.5, 0.0, -0.0, 1e20, 1.0e-5, 123.456, Float::INFINITY, 3.0, 100.0, 0.001, 1e100,
        "", "abc", "héllo", "bin\xff".b, :sym, :sym, [1, [2, [3]]], { a: 1, "b" => [2] }, Hash.new(5).merge(x: 1),
        Point.new(1, "two"), 1..5, 1...5, ("a".."c"), Box.new("s"), String, Comparable, Rational(1, 3), Complex(1, 2), /ab+c/i]
vals.each do |v|
  d = Marshal.dump(v)
  back = Marshal.load(d)
  ok = v.is_a?(Float) && v.nan? ? back.nan? : back == v
  puts "#{(v.is_a?(Box) ? "Box" : v.inspect)[0, 40].ljust(42)} #{d.bytes.map { |b| "%02x" % b }.join} #{ok || back.class}"
end
s = "shared"
a = [s, s]
c = Marshal.load(Marshal.dump(a))
p c, c[0].equal?(c[1]), c[0].equal?(s)
cyc = [1]
cyc << cyc
p Marshal.load(Marshal.dump(cyc)).inspect
deep = { list: [{ name: "x", tags: %w[a b] }] }
copy = Marshal.load(Marshal.dump(deep))
copy[:list][0][:tags] << "c"
p deep, copy
b = Marshal.load(Marshal.dump(Box.new(7)))
p b.a, b.b, b.class
begin
  Marshal.dump(proc {})
rescue TypeError => e
  p e.message
end
begin
  Marshal.dump(Hash.new { 1 })
rescue TypeError => e
  p e.message
end
begin
  Marshal.dump(Class.new.new)
rescue TypeError => e
  p e.message.sub(/0x\h+/, "XX")
end
begin
  Marshal.load("\x04\x09x")
rescue TypeError => e
  p e.message
end
begin
  Marshal.load("\x04\x08[\x07")
rescue ArgumentError => e
  p e.message
end
class Custom
  def initialize(v) = @v = v
  def marshal_dump = [@v, "extra"]
  def marshal_load(a) = @v = a.first * 2
  attr_reader :v
end
p Marshal.load(Marshal.dump(Custom.new(21))).v
p Marshal.dump(Custom.new(1)).bytesize
