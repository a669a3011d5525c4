# A plugin/event system: modules with hooks (included, inherited, method_added),
# prepend for instrumentation, method_missing + respond_to_missing?, define_method,
# instance_variable_get, Comparable, ObjectSpace-free registries, freeze/dup, heredocs.
module Observable2
  def self.included(base)
    base.extend(ClassMethods)
    base.instance_variable_set(:@handlers, Hash.new { |h, k| h[k] = [] })
  end

  module ClassMethods
    def on(event, &blk) = (@handlers[event] << blk; self)
    def handlers = @handlers
    def inherited(sub)
      super
      sub.instance_variable_set(:@handlers, Hash.new { |h, k| h[k] = [] })
      @handlers.each { |k, v| sub.handlers[k].concat(v) }
    end
  end

  def emit(event, *args, **kw)
    self.class.handlers[event].map { |h| instance_exec(*args, **kw, &h) }
  end
end

module Timing
  CALLS = Hash.new(0)
  def self.prepended(base)
    (@targets ||= []) << base.name
  end
  def self.targets = @targets

  def process(*args)
    CALLS[[self.class.name, :process]] += 1
    result = super
    "[timed] #{result}"
  end
end

class Plugin
  include Observable2
  include Comparable
  attr_reader :name, :priority
  @@registry = []
  REGISTRY_LIMIT = 10

  def self.register(*names) = names.each { |n| @@registry << new(n) }
  def self.registry = @@registry
  def self.method_added(m)
    (@added ||= []) << m unless m == :initialize
  end
  def self.added = @added

  def initialize(name, priority: 5)
    @name = name
    @priority = priority
    @settings = {}
  end

  def <=>(o) = [priority, name] <=> [o.priority, o.name]

  def process(input) = "#{name}:#{input}"

  def method_missing(meth, *args)
    if meth.end_with?("=")
      @settings[meth.to_s.chomp("=").to_sym] = args.first
    elsif @settings.key?(meth)
      @settings[meth]
    else
      super
    end
  end

  def respond_to_missing?(meth, priv = false) = meth.end_with?("=") || @settings.key?(meth) || super

  %w[start stop reload].each do |action|
    define_method("#{action}!") do |reason = "manual"|
      emit(action.to_sym, reason: reason)
      "#{name} #{action}ed (#{reason})"
    end
  end

  def inspect = "#<#{self.class.name} #{name} p=#{priority}>"
end

class Logger2 < Plugin
  prepend Timing
  on(:start) { |reason:| "log starting because #{reason}" }
  def process(input) = super(input.upcase)
end

class Cache < Plugin
  on(:start) { |reason:| "cache warm: #{reason}" }
  on(:stop) { |reason:| "cache flush" }
  on(:start) { |**kw| "cache second handler #{kw.keys.inspect}" }
end

Plugin.on(:reload) { |reason:| "base reload #{name}" }
class LateBind < Plugin; end

plugins = [Logger2.new("log", priority: 1), Cache.new("cache"), Plugin.new("base", priority: 9), LateBind.new("late")]
puts plugins.sort.map(&:inspect).join(", ")
puts plugins.max.name, plugins.min_by(&:priority).name
plugins.each { |pl| puts pl.process("data") }
p Timing::CALLS
p Timing.targets
p Logger2.ancestors.take(4)
p Plugin.added
p Logger2.instance_method(:process).owner, Logger2.new("x").method(:process).owner
p Cache.new("c").start!("boot")
p plugins[1].emit(:start, reason: "x")
p plugins[1].emit(:stop, reason: "y")
p Logger2.new("l").reload!
p LateBind.handlers.keys, Plugin.handlers.keys

c = plugins[1]
c.ttl = 30
c.mode = :lru
p c.ttl, c.mode, c.respond_to?(:ttl), c.respond_to?(:nope), c.respond_to?(:anything=)
begin
  c.nope
rescue NoMethodError => e
  puts e.message[0, 40]
  p e.name, e.receiver.equal?(c)
end
p c.method(:ttl).call rescue p $!
p c.instance_variables
p c.instance_variable_get(:@settings)

Plugin.register("a", "b")
p Plugin.registry.map(&:name)
p Plugin.class_variable_get(:@@registry).size
p Plugin.class_variables, Logger2.class_variable_defined?(:@@registry)

frozen = Plugin.new("frozen").freeze
begin
  frozen.instance_variable_set(:@name, "x")
rescue => e
  p e.class
  puts e.message
end
d = frozen.dup
p d.frozen?, frozen.clone.frozen?, frozen.clone(freeze: false).frozen?

report = <<~TEXT
  Plugins: #{plugins.size}
    first: #{plugins.first.name}
  #{plugins.map(&:name).each_slice(2).map { |s| s.join("|") }.join("\n")}
TEXT
puts report
puts <<-OLD.lines.map(&:strip).reject(&:empty?).join(";")
    one
      two

    three
OLD
sym = :"hello world"
p sym, sym.to_proc.call("hello world") rescue p $!.class
p %i[a b].map(&:to_proc).map { |pr| pr.call("ab") rescue :err }
p Comparable.instance_method(:between?).owner
p Plugin.new("z").between?(plugins[0], plugins[2])
p Plugin.new("m", priority: 5).clamp(plugins[0], plugins[1]).name
p Plugin.public_method_defined?(:start!), Plugin.private_method_defined?(:method_missing)
p Plugin.instance_method(:start!).arity, Plugin.instance_method(:initialize).parameters
