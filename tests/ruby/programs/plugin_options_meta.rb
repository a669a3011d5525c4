module Plugin
  REGISTRY = {}
  def self.included(base)
    base.extend(ClassMethods)
    REGISTRY[base.name] = base
  end

  module ClassMethods
    def option(name, default: nil, &validate)
      options[name] = default
      define_method(name) { @opts.fetch(name, self.class.options[name]) }
      define_method(:"#{name}=") do |v|
        raise ArgumentError, "bad #{name}: #{v.inspect}" if validate && !validate.(v)
        (@opts ||= {})[name] = v
      end
    end

    def options = (@options ||= {})
    def inherited(sub)
      super
      sub.instance_variable_set(:@options, options.dup)
      Plugin::REGISTRY[sub.name || "anon"] = sub
    end
  end

  def initialize(**kw)
    @opts = {}
    kw.each { |k, v| public_send(:"#{k}=", v) }
  end

  def to_s = "#<#{self.class.name} #{self.class.options.keys.map { |k| "#{k}=#{public_send(k).inspect}" }.join(' ')}>"
end

class Exporter
  include Plugin
  option :format, default: "json"
  option(:level, default: 1) { |v| v.is_a?(Integer) && v.between?(0, 9) }
end

class CsvExporter < Exporter
  option :sep, default: ","
end

puts Exporter.new, CsvExporter.new(sep: ";", level: 3)
begin
  Exporter.new(level: 12)
rescue ArgumentError => e
  puts e.message
end
begin
  Exporter.new(nope: 1)
rescue NoMethodError => e
  puts e.message[/undefined method `[^']+'/]
end
p Plugin::REGISTRY.keys, CsvExporter.options, Exporter.options
p CsvExporter.ancestors.take(4), CsvExporter.singleton_class.include?(Plugin::ClassMethods)
p Exporter.instance_methods(false).sort, CsvExporter.public_method_defined?(:format)
p Exporter.instance_method(:level=).arity, Exporter.instance_method(:level).parameters, Plugin.instance_method(:initialize).parameters

class Exporter
  alias_method :fmt, :format
  private :format
  protected def secret = 42
  def peek(o) = o.secret
end
e = Exporter.new
p e.fmt, (e.format rescue $!.class), e.respond_to?(:format), e.respond_to?(:format, true), e.peek(CsvExporter.new)
p (e.secret rescue $!.message[/protected method `secret' called/])
p Exporter.private_instance_methods(false), Exporter.protected_instance_methods

class Exporter
  remove_method :fmt
end
p e.respond_to?(:fmt), Exporter.method_defined?(:fmt)
class CsvExporter
  undef_method :sep
end
p (CsvExporter.new.sep rescue $!.class), CsvExporter.instance_methods(false).sort

counter = Class.new do
  attr_reader :n
  def initialize = @n = 0
  def method_missing(name, *args)
    return super unless name.to_s.start_with?("inc_")
    @n += Integer(name.to_s.delete_prefix("inc_"))
    self
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("inc_") || super
end
c = counter.new
p c.inc_5.inc_10.n, c.respond_to?(:inc_3), c.respond_to?(:dec_3), c.method(:inc_7).call.n
p (c.dec_1 rescue $!.class), counter.name, counter.to_s.start_with?("#<Class:0x")
Named = counter
p counter.name, Named.new.inc_1.n

obj = Object.new
class << obj
  def greet = "hi from singleton"
  attr_accessor :mood
end
obj.mood = :happy
p obj.singleton_methods.sort, obj.greet, obj.mood, obj.singleton_class.instance_methods(false).sort
d = obj.clone
p d.greet, (obj.dup.greet rescue $!.class)
p obj.frozen?, obj.freeze.frozen?, (begin; obj.mood = :sad; rescue => e; e.class; end), obj.clone.frozen?, obj.clone(freeze: false).frozen?

module Greet
  refine String do
    def shout = upcase + "!"
    def size = super * 10
  end
end
module UsesIt
  using Greet
  def self.run(s) = [s.shout, s.size, s.respond_to?(:shout)]
end
p UsesIt.run("hey"), ("hey".shout rescue $!.class)

class Vec
  attr_reader :x, :y
  def initialize(x, y) = (@x, @y = x, y)
  def +(o) = Vec.new(x + o.x, y + o.y)
  def -@ = Vec.new(-x, -y)
  def [](i) = i.zero? ? x : y
  def ==(o) = o.is_a?(Vec) && x == o.x && y == o.y
  alias eql? ==
  def hash = [x, y].hash
  def coerce(n) = [Vec.new(n, n), self]
  def to_s = "(#{x}, #{y})"
  def inspect = "Vec#{self}"
  def <=>(o) = [x, y] <=> [o.x, o.y]
  include Comparable
end
a, b = Vec.new(1, 2), Vec.new(3, 4)
p a + b, -a, a[1], a == Vec.new(1, 2), { a => 1 }[Vec.new(1, 2)], [a, b, Vec.new(1, 2)].uniq.size
p [b, a].sort, [a, b].max, a.between?(a, b), a.clamp(b, b), [a, b].sum(Vec.new(0, 0))
p ObjectSpace.each_object(Class).select { |k| k < Exporter }.map(&:name), Exporter.subclasses.map(&:name)
p method(:puts).owner, 1.method(:+).unbind.bind(2).call(3), [1, 2, 3].method(:map).to_proc.call { _1 * 2 }
p Exporter.instance_method(:peek).source_location.class, Comparable.instance_methods.sort
