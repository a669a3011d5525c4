# Every kind of change while the per-class and global method caches are
# warm: calls through megamorphic `send` and `public_send` sites and
# direct calls on 24 classes (more receivers than an inline cache
# holds), each change followed by the same calls.
module Extra
  def m3 = "Extra#m3"
end

module Front
  def m1 = "Front#m1(#{super})"
end

module Ext
  def m2 = "Ext#m2"
end

class Base
  def m0 = "Base#m0"
  def m1 = "Base#m1"
  def m2 = "Base#m2"
  def m4 = "Base#m4"
end

KLASSES = Array.new(24) { |i| Class.new(Base) { define_method(:id) { i } } }
OBJS = KLASSES.map(&:new)
NAMES = %i[m0 m1 m2 m3 m4 id]

def outcome
  r = yield
  r.is_a?(Integer) ? :id : r
rescue NoMethodError => e
  "#{e.message[/\A\w+ method/]}(#{e.name})"
end

def sweep(label)
  seen = Hash.new(0)
  3.times do
    OBJS.each do |o|
      NAMES.each do |n|
        seen[[n, outcome { o.send(n) }]] += 1
        seen[[:"public_#{n}", outcome { o.public_send(n) }]] += 1
      end
      seen[[:direct, outcome { o.m0 }]] += 1
    end
  end
  puts "#{label}: #{seen.sort_by { |k, _| k.map(&:to_s) }.map { |(n, r), c| "#{n}=#{r}x#{c}" }.join(' ')}"
end

sweep("warm")
class Base; def m0 = "Base#m0 redefined"; end
sweep("redefine")
Base.include(Extra)
sweep("include")
Base.prepend(Front)
sweep("prepend")
OBJS[3].extend(Ext)
sweep("extend")
class Base; remove_method :m4; end
sweep("remove")
class Base; alias_method :m4, :m2; end
sweep("alias")
class Base; private :m2; end
sweep("private")
class Base; public :m2; end
sweep("public")
class Base; undef_method :m0; end
sweep("undef")
KLASSES[5].define_method(:m3) { "K5#m3" }
sweep("subclass define")
OBJS[7].define_singleton_method(:m1) { "single#m1" }
sweep("singleton define")
class Base; def method_missing(n, *) = n == :m0 ? "missing #{n}" : super; end
sweep("method_missing")
p OBJS.map { |o| [o.respond_to?(:m0), o.respond_to?(:m2), o.respond_to?(:m3)] }.tally
class Base; def respond_to_missing?(n, p = false) = n == :m0 || super; end
p OBJS.map { |o| [o.respond_to?(:m0), o.respond_to?(:m2), o.respond_to?(:m3)] }.tally
