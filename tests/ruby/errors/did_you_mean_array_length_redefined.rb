# did_you_mean measures names by their String lengths, as CRuby's
# did_you_mean does: a program that redefines Array#length
# neither changes the suggestions nor slows them down.
class Array
  alias_method :old_length, :length
  def length = old_length * 100
end

class Widget
  def render; end
  def resize; end
  def rotate; end
end

w = Widget.new
[-> { w.rendr }, -> { w.resiz }, -> { w.rotat }, -> { w.remder }].each do |call|
  call.call
rescue NoMethodError => e
  puts e.message.lines.last
end

begin
  Widget.new.instance_eval { rendr_all }
rescue NameError => e
  puts e.message.lines.last
end
p [1, 2].length
