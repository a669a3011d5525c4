module Hooks
  def self.included(base)
    base.extend(ClassMethods)
    base.instance_variable_set(:@hooks, Hash.new { |h, k| h[k] = [] })
    puts "Hooks included into #{base}"
  end

  module ClassMethods
    def hooks = @hooks
    def before(event, &blk) = hooks[:"before_#{event}"] << blk
    def after(event, meth = nil, &blk) = hooks[:"after_#{event}"] << (meth || blk)
    def inherited(sub)
      super
      sub.instance_variable_set(:@hooks, Hash.new { |h, k| h[k] = [] })
      hooks.each { |k, v| sub.hooks[k].concat(v) }
      puts "#{sub} < #{self}"
    end
  end

  def run_hooks(kind, event, *args)
    self.class.hooks[:"#{kind}_#{event}"].each do |h|
      h.is_a?(Symbol) ? send(h, *args) : instance_exec(*args, &h)
    end
  end
end

class InvalidTransition < StandardError
  attr_reader :from, :event
  def initialize(from, event)
    @from, @event = from, event
    super("cannot #{event} from #{from}")
  end
end

class Machine
  include Hooks
  include Comparable

  class << self
    def states(*names)
      @states = names
      names.each do |n|
        define_method(:"#{n}?") { @state == n }
      end
    end

    def event(name, from:, to:)
      (@events ||= {})[name] = [Array(from), to]
      define_method(name) do |*args, **opts|
        allowed, target = self.class.events.fetch(name)
        raise InvalidTransition.new(@state, name) unless allowed.include?(@state)
        run_hooks(:before, name, *args)
        prev, @state = @state, target
        @log << [prev, name, target, opts].reject { |x| x.respond_to?(:empty?) && x.empty? }
        run_hooks(:after, name, *args)
        self
      end
    end

    def events
      ancestors.select { |a| a.instance_variable_defined?(:@events) }
               .map { |a| a.instance_variable_get(:@events) }
               .reverse.reduce({}, :merge)
    end

    def method_added(m)
      (@added ||= []) << m
      super
    end
    attr_reader :added
  end

  attr_reader :state, :log, :name
  def initialize(name)
    @name = name
    @state = :draft
    @log = []
  end

  def <=>(other) = log.size <=> other.log.size
  def inspect = "#<#{self.class.name} #{name}:#{state} #{log.size} steps>"
  def respond_to_missing?(m, priv = false) = m.to_s.start_with?("can_") || super
  def method_missing(m, *a)
    if m.to_s =~ /\Acan_(\w+)\?\z/
      ev = $1.to_sym
      pair = self.class.events[ev] or return false
      pair[0].include?(state)
    else
      super
    end
  end
end

class Order < Machine
  states :draft, :submitted, :paid, :shipped, :cancelled
  event :submit, from: :draft, to: :submitted
  event :pay, from: :submitted, to: :paid
  event :ship, from: :paid, to: :shipped
  event :cancel, from: [:draft, :submitted, :paid], to: :cancelled

  before(:pay) { |amount| raise ArgumentError, "amount must be positive" unless amount.to_i.positive? }
  after(:pay) { |amount| (@payments ||= []) << amount }
  after :ship, :notify

  def payments = @payments || []
  private def notify(*) = puts("  notify: #{name} shipped")
end

class RushOrder < Order
  event :expedite, from: :paid, to: :shipped
  after(:expedite) { puts "  rush! #{name}" }
end

p Order.added.first(6)
o = Order.new("A-1")
o.submit.pay(30, note: "card")
p o.state, o.paid?, o.draft?
o.ship
p o.log
p o.can_cancel?, o.respond_to?(:can_ship?), o.respond_to?(:frobnicate)
begin
  o.cancel
rescue InvalidTransition => e
  puts "#{e.class}: #{e.message} (from=#{e.from.inspect})"
end

b = Order.new("B-2").submit
begin
  b.pay(0)
rescue ArgumentError => e
  puts "rejected: #{e.message}; state still #{b.state}"
end
b.pay(5).pay rescue puts "second pay: #{$!.message}"
p b.payments

r = RushOrder.new("R-9")
r.submit.pay(100).expedite
p r.log.map { |(_, ev, to)| "#{ev}->#{to}" }
p RushOrder.events.keys, Order.events.key?(:expedite)
p [o, b, r].sort.map(&:name), [o, b, r].max, o.between?(b, r)
p RushOrder.ancestors.take_while { |a| a != Object }
p RushOrder.instance_method(:pay).owner, Order.public_method_defined?(:notify), Order.private_method_defined?(:notify)

begin
  o.nonsense
rescue NoMethodError => e
  puts e.message.sub(/ for #<.*/, ' for order')
  p e.name, e.args, e.receiver.equal?(o)
end

frozen = Order.new("F").freeze
begin
  frozen.submit
rescue => e
  p e.class, e.message.sub(/#<.*>/, 'order')
end

wrapped = begin
  begin
    Order.new("X").ship
  rescue InvalidTransition => e
    raise RuntimeError, "wrap"
  end
rescue => outer
  outer
end
p wrapped.message, wrapped.cause.class, wrapped.cause.message

counts = ObjectSpace.each_object(Class).select { |c| c < Machine }.map(&:name).sort
p counts
m = Module.new do
  def describe = "#{name} is #{state}"
end
o.extend(m)
p o.describe, o.singleton_class.include?(m), o.is_a?(m)
p Order.instance_methods(false).sort.first(8)
sc = o.singleton_methods
p sc
def o.ship = "overridden"
p o.ship, o.singleton_methods.sort
p Order.new("Z").method(:submit).arity, Order.instance_method(:pay).parameters
