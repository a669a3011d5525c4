# public_methods(false), methods - Object.instance_methods, singleton introspection
class Intro
  def a; end
  def b; end
  protected def c; end
  private def d; end
  def self.k; end
end
i = Intro.new
def i.s; end
p (i.methods - Object.instance_methods).sort
p i.public_methods(false).sort rescue p $!
p Intro.public_instance_methods(false).sort
p Intro.instance_methods(false).sort
p i.private_methods(false).sort rescue p $!
p Intro.methods(false) rescue p $!
p i.singleton_methods
p Intro.instance_method(:a).class
p i.method(:s).owner == i.singleton_class
p i.public_method(:a).name
begin
  i.public_method(:d)
rescue NameError => e
  puts e.message.lines.first.chomp.sub(/#<Intro:0x\h+>/, "#<Intro>")
end
