# attr_reader/attr_writer sites whose fast entry meets a receiver without
# plain instance variables (Array/String/Hash subclasses, exceptions) and
# receiverless attr calls through send_self.
class Tagged < Array
  attr_accessor :tag
end
class Named < String
  attr_reader :kind
  def initialize(s, kind); super(s); @kind = kind; end
end
class Err < StandardError
  attr_accessor :code
end
class Plain
  attr_accessor :tag
  def show; tag; end
  def set(v); self.tag = v; tag; end
end
objs = [Plain.new, Tagged.new([1]), Plain.new, Tagged.new([2])]
4.times do |r|
  objs.each_with_index do |o, i|
    o.tag = [r, i]
    p o.tag
  end
end
n = Named.new("x", :k); 3.times { p n.kind }
e = Err.new("m"); 3.times { |i| e.code = i; p e.code }
pl = Plain.new; 3.times { |i| p pl.set(i), pl.show }
