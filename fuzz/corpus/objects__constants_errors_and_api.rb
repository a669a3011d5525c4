# NameError for missing constants, const_missing, const_set/remove, Module#name
begin
  Missing
rescue NameError => e
  puts e.message.lines.first.chomp
  p e.name
end
begin
  String::Nope
rescue NameError => e
  puts e.message.lines.first.chomp
end
class Auto
  def self.const_missing(n) = "auto-#{n}"
end
p Auto::Anything
module Box; end
Box.const_set(:V, 5)
p Box::V, Box.constants
Box.send(:remove_const, :V)
p Box.const_defined?(:V)
anon = Class.new
p anon.name
Named = anon
p anon.name, Named.name
mod = Module.new
Box.const_set(:Inner, mod)
p mod.name, mod.to_s
p Box::Inner.equal?(mod)
p Object.const_get("Box::Inner")
begin
  Object.const_get(:lowercase)
rescue NameError => e
  puts e.message.lines.first.chomp
end
