# inherited, method_added, singleton_method_added, included, extended, const_added
class Tracker
  def self.inherited(sub)
    super
    puts "inherited: #{sub.name.inspect}"
  end
  def self.method_added(m) = puts("method_added: #{m}")
  def self.singleton_method_added(m) = puts("singleton_method_added: #{m}")
end
class Sub1 < Tracker
  def foo; end
  def self.bar; end
end
Sub2 = Class.new(Tracker)
class Tracker
  def baz; end
  attr_reader :q
  define_method(:dm) {}
  alias_method :baz2, :baz
end
module Incl
  def self.included(b) = puts("included in #{b}")
  def self.extended(b) = puts("extended #{b.class}")
  def self.prepended(b) = puts("prepended to #{b}")
end
class Sub1
  include Incl
  prepend Incl
end
Object.new.extend(Incl)
class Tracker
  def self.method_removed(m) = puts("method_removed: #{m}")
  def self.method_undefined(m) = puts("method_undefined: #{m}")
  remove_method :baz2
  undef_method :dm
end
