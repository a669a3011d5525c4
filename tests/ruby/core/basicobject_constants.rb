class Proxy < BasicObject
  def initialize(t) = @t = t
  def method_missing(n, *a, &b)
    ::Kernel.puts "-> #{n}"
    @t.__send__(n, *a, &b)
  end
  def respond_to_missing?(*) = true
  def k = (Kernel rescue "ne")
  def d = defined?(Kernel).inspect
  def b = BasicObject
  def c = ::Comparable
end
pr = Proxy.new([3, 1, 2])
p pr.sort
puts pr.k
begin
  pr.k2
rescue ::NoMethodError => e
  puts e.class
end
p pr.d
p Proxy.new(1).b == BasicObject, Proxy.new(1).c
p BasicObject.constants, BasicObject.const_defined?(:String), BasicObject.const_defined?(:BasicObject)
p Proxy.const_get(:BasicObject) rescue p $!
p (Proxy.const_get(:String) rescue $!.class)
module M; def self.s = String; end
p M.s
class << Object.new; p String; end
o = BasicObject.new
class << o; p((String rescue "no String here")); end
begin
  class Proxy; String; end
rescue NameError => e
  p e.message
end
p BasicObject.instance_eval { BasicObject }
