class Object
  def self.const_missing(n) = n
end
p Foo
p Foo::Bar rescue p $!.class
module M
  def self.const_missing(n) = "M::#{n}"
end
p M::Zip
p Object.const_get(:Nope)
p defined?(Nope).inspect
class Object
  def self.const_missing(n) = raise(NameError, "custom #{n}")
end
begin
  Qux
rescue NameError => e
  p e.message.lines.first
end
