module Meths; def meths_method = :m; end
module Other; end
class UserString < String; end
class Named; def self.name = "Foo"; end
Point = Struct.new(:x, :y)
def show(o) = p(Marshal.dump(o))
s = "abc".dup; s.instance_variable_set(:@foo, "bar"); show s
a = [1]; a.instance_variable_set(:@ivar, 1); show a
h = {}; h.instance_variable_set(:@ivar, 1); show h
st = Point.new(1, 2); st.instance_variable_set(:@z, 3); show st
show "x".dup.extend(Meths)
show [].extend(Meths, Other)
show UserString.new("q").extend(Meths)
o = Object.new.extend(Meths); show o
show Named
show Named.new
r = Regexp.new("a"); p r.frozen?; r.instance_variable_set(:@r, 1); show r
show Regexp.new("b", Regexp::IGNORECASE)
begin; o2 = Object.new; def o2.x = 1; Marshal.dump(o2); rescue TypeError => e; p e.message; end
begin; Marshal.dump(Object.new.extend(Module.new)); rescue TypeError => e; p e.message.sub(/0x\h+/, "XX"); end
[s, a, h, st, "x".dup.extend(Meths), [].extend(Meths, Other), o, r].each do |v|
  l = Marshal.load(Marshal.dump(v))
  p [l.is_a?(Object) && l.class == Object ? :object : l, l.class, l.instance_variables.map { [_1, l.instance_variable_get(_1)] }, l.singleton_class.ancestors[1, 2]]
end
p Marshal.load(Marshal.dump(o)).meths_method
class Dumper; def initialize(s) = @s = s; def _dump(_) = @s; def self._load(s) = new(s); attr_reader :s; end
show Dumper.new("é")
show Dumper.new("bin".b)
p Marshal.load(Marshal.dump(Dumper.new("é"))).s.encoding
