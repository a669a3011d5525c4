# define_method respects default visibility scope; private attr, private_constant
class Vis
  private
  define_method(:dm_private) { :dm }
  attr_accessor :pa
  public
  def caller_of = [dm_private, (self.pa = 1), pa]
  SECRET = 1
  PUBLIC = 2
  private_constant :SECRET
  def self.peek = SECRET
end
v = Vis.new
p v.caller_of
p Vis.private_method_defined?(:dm_private)
p Vis.private_method_defined?(:pa=)
p Vis.peek, Vis::PUBLIC
begin
  Vis::SECRET
rescue NameError => e
  puts e.message.lines.first.chomp
end
p Vis.constants.sort
p Vis.const_get(:SECRET) rescue p $!.class
