# A state machine DSL: class macros, method_missing, define_method, hooks, freeze/dup/clone
class StateMachine
  class InvalidTransition < StandardError; end

  def self.inherited(sub)
    super
    sub.instance_variable_set(:@states, {})
    sub.instance_variable_set(:@events, {})
    (@@machines ||= []) << sub.name
  end

  def self.machines = @@machines

  class << self
    attr_reader :states, :events

    def state(name, initial: false, &blk)
      @states[name] = { enter: blk }
      @initial = name if initial
      define_method(:"#{name}?") { @state == name }
    end

    def initial_state = @initial || @states.keys.first

    def event(name, from:, to:, guard: nil)
      Array(from).each { |f| (@events[name] ||= {})[f] = [to, guard] }
      define_method(name) do |*args, **opts|
        fire(name, *args, **opts)
      end
      define_method(:"can_#{name}?") { !!self.class.events[name][@state] && guard_ok?(self.class.events[name][@state][1]) }
    end
  end

  attr_reader :state, :history

  def initialize
    @state = self.class.initial_state
    @history = [@state]
    @data = {}
  end

  def initialize_copy(src)
    super
    @history = src.history.dup
    @data = @data.dup
  end

  def fire(ev, *args, **opts)
    tr = self.class.events.fetch(ev)[@state]
    raise InvalidTransition, "cannot #{ev} from #{@state}" unless tr
    to, guard = tr
    raise InvalidTransition, "guard #{guard} failed for #{ev}" unless guard_ok?(guard)
    @state = to
    @history << to
    hook = self.class.states[to][:enter]
    instance_exec(*args, **opts, &hook) if hook
    self
  end

  def guard_ok?(g) = g.nil? || send(g)

  def method_missing(name, *args)
    if name.end_with?("=") && args.size == 1
      @data[name.to_s.chomp("=").to_sym] = args.first
    elsif @data.key?(name)
      @data[name]
    else
      super
    end
  end

  def respond_to_missing?(name, priv = false) = @data.key?(name) || name.end_with?("=") || super
end

class Order < StateMachine
  state :cart, initial: true
  state :placed do |total: 0|
    self.total = total
  end
  state :paid do |method|
    self.paid_with = method
  end
  state :shipped
  state :cancelled

  event :place, from: :cart, to: :placed
  event :pay, from: :placed, to: :paid
  event :ship, from: :paid, to: :shipped, guard: :address?
  event :cancel, from: %i[cart placed paid], to: :cancelled

  def address? = @data.key?(:address)
end

class Door < StateMachine
  state :closed
  state :open
  event :open_it, from: :closed, to: :open
  event :close, from: :open, to: :closed
end

o = Order.new
p o.state, o.cart?, o.can_place?, o.can_pay?
o.place(total: 42)
p o.total, o.respond_to?(:total), o.respond_to?(:nope)
o.pay("visa")
p o.paid_with, o.can_ship?
begin
  o.ship
rescue StateMachine::InvalidTransition => e
  p e.message
end
o.address = "1 Main St"
o2 = o.dup
o.ship
p o.state, o2.state, o.history, o2.history
p o2.cancel.state, o2.history.length
begin
  o2.pay
rescue => e
  p [e.class, e.message]
end
begin
  o.bogus_method
rescue NoMethodError => e
  p e.message[/undefined method `\w+'/], e.name, e.receiver.equal?(o)
end
p StateMachine.machines
p Order.instance_methods(false).sort.first(8)
p Door.new.open_it.close.history
p Order.events.keys, Order.events[:cancel].keys
f = Order.new.freeze
begin
  f.place
rescue => e
  p e.class
end
c = o.clone(freeze: true)
p c.frozen?, c.state, c.clone.frozen?, c.dup.frozen?
p Order.instance_method(:place).arity, Order.instance_method(:place).parameters
p Order.method_defined?(:shipped?), Order.public_method_defined?(:fire), Order.new.method(:pay).owner
p Order.ancestors.take_while { _1 != Object }
