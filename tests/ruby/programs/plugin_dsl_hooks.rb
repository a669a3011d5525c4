# A plugin/config DSL with hooks, refinements, prepend chains and introspection.
module Hooks
  def self.included(base)
    base.extend(ClassMethods)
    base.instance_variable_set(:@hooks, Hash.new { |h, k| h[k] = [] })
  end
  module ClassMethods
    def hooks = @hooks
    def before(name, &blk) = hooks[[:before, name]] << blk
    def after(name, &blk) = hooks[[:after, name]] << blk
    def method_added(name)
      return if @wrapping || name.to_s.start_with?('__')
      @wrapping = true
      orig = instance_method(name)
      hs = hooks
      define_method(name) do |*args, **kw, &b|
        hs[[:before, name]].each { |h| instance_exec(*args, &h) }
        r = orig.bind_call(self, *args, **kw, &b)
        hs[[:after, name]].each { |h| instance_exec(r, &h) }
        r
      end
      @wrapping = false
    end
    def inherited(sub)
      super
      sub.instance_variable_set(:@hooks, hooks.dup)
    end
  end
end

class Service
  include Hooks
  attr_reader :log
  def initialize = @log = []
  before(:call) { |x, **| log << "before #{x}" }
  after(:call) { |r| log << "after #{r}" }
  def call(x, scale: 2) = x * scale
end

class Special < Service
  after(:call) { |r| log << "special #{r}" }
  def call(x, scale: 3) = super
end

s = Service.new; p s.call(4), s.call(4, scale: 5), s.log
sp = Special.new; p sp.call(2), sp.log

module Loud
  def greet(n) = super(n).upcase + "!"
end
module Polite
  def greet(n) = "please, " + super
end
class Greeter
  def greet(n) = "hi #{n}"
  prepend Loud
  include Comparable
end
Greeter.prepend(Polite)
p Greeter.ancestors.take(4), Greeter.new.greet("bob"), Greeter.instance_method(:greet).owner
p Greeter.new.method(:greet).super_method.owner, Greeter.new.method(:greet).super_method.super_method.owner

module Sizes
  refine Integer do
    def kb = self * 1024
    def to_human = self >= 1024 ? "#{self / 1024}K" : "#{self}B"
  end
end
module UsesSizes
  using Sizes
  def self.show = [5.kb, 5.kb.to_human, 100.to_human]
end
p UsesSizes.show, (5.kb rescue $!.class)

Config = Class.new do
  def self.setting(name, default: nil, &validate)
    define_method(name) { instance_variable_defined?("@#{name}") ? instance_variable_get("@#{name}") : default }
    define_method("#{name}=") do |v|
      raise ArgumentError, "invalid #{name}: #{v.inspect}" if validate && !validate.(v)
      instance_variable_set("@#{name}", v)
    end
    (@settings ||= []) << name
  end
  def self.settings = @settings
  setting :port, default: 80 do |v| v.is_a?(Integer) && v.between?(1, 65535) end
  setting :host, default: "localhost"
  def self.const_missing(n) = n.to_s.start_with?("DEFAULT_") ? "missing:#{n}" : super
end
c = Config.new
c.port = 8080
p c.port, c.host, Config.settings, (begin; c.port = 0; rescue => e; e.message; end), Config::DEFAULT_X, (Config::Nope rescue $!.class)
p Config.name, Config.instance_methods(false).sort, c.respond_to?(:host=), Config.public_method_defined?(:port)

o = Object.new
o.define_singleton_method(:hello) { |n = "x"| "hello #{n}" }
p o.hello, o.singleton_methods, o.method(:hello).arity, o.singleton_class.instance_methods(false)
add = ->(a, b, c) { a + b + c }
p add.curry[1][2][3], add.curry.(1).(2, 3), method(:format).to_proc.call("%03d", 7), %w[a b].map(&:upcase.to_proc)
m = 5.method(:+); um = m.unbind; p um.bind(7).call(1), m.owner, m.receiver, m.name
klass = Struct.new(:a) do
  def self.name = "Dynamic"
  def to_s = "Dyn(#{a})"
end
p klass.new(1).to_s, "#{klass.new(2)}", klass.name
p Module.new.to_s.start_with?("#<Module:0x"), Class.new(StandardError).superclass
counter = 0
tp = TracePoint.new(:call) { |t| counter += 1 if t.method_id == :call }
tp.enable { Service.new.call(1) }
p counter
p ObjectSpace.each_object(Class).select { |k| k < Service }.map(&:name)
p Service.instance_method(:call).parameters, Special.instance_method(:call).source_location.class
