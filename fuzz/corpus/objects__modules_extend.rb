# extend: singleton-level module inclusion, extended hook, extend self
module Shout
  def shout = to_s.upcase
end
s = +"quiet"
s.extend(Shout)
p s.shout
p s.singleton_class.include?(Shout)
p s.is_a?(Shout)
p "other".respond_to?(:shout)
module Tool
  extend self
  def util = "util #{self.class}"
end
p Tool.util
module Trackable
  def self.extended(obj) = puts("extended #{obj.class}")
  def track = "tracking"
end
o = Object.new
o.extend(Trackable)
p o.track
class Conf
  extend Enumerable
  def self.each
    yield 3
    yield 1
    yield 2
  end
end
p Conf.sort, Conf.map { _1 * 2 }, Conf.include?(2)
p Conf.singleton_class.ancestors.take(3).map(&:to_s)
