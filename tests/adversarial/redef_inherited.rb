class Object
  def self.inherited(k)
    raise "no subclasses of #{self}" if k.name&.start_with?("Bad")
    super
  end
end
class Good; end
p Good.superclass
begin
  class BadOne; end
rescue => e
  p e.message
end
p defined?(BadOne).inspect
begin
  Class.new(String)
  puts "anon ok"
rescue => e
  p e.message
end
class Module
  def included(base) = raise("no include into #{base}")
end
module M; end
begin
  class Good
    include M
  end
rescue => e
  p e.message
end
p Good.include?(M)
