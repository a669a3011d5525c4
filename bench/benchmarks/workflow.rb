# workflow: an application-shaped workload: a ticket workflow engine of
# the kind state-machine gems provide. Workflows are declared with a DSL
# (a builder run with instance_eval, options caught by method_missing,
# predicates and event methods made with define_method); tickets move
# between Symbol states through a Hash dispatch table of transitions with
# guards and callbacks; refused events raise exceptions the engine rescues
# (retry for transient failures, ensure for bookkeeping, catch/throw to
# halt a batch); priorities and SLAs are Comparable value objects.
# Measures: instance_eval, method_missing and respond_to_missing?,
# define_method'd methods and send, Hash-of-Symbol lookups, raise/rescue
# (exception objects, messages, retry, ensure, custom hierarchies),
# catch/throw, Comparable (sort, clamp, between?, max), Symbol#to_proc.
# bench-size: 40
# bench-quick: 1
reps = (ARGV[0] || ENV["BENCH_SIZE"] || 40).to_i

class WorkflowError < StandardError; end
class InvalidTransition < WorkflowError
  attr_reader :event, :state
  def initialize(event, state)
    @event = event
    @state = state
    super("cannot #{event} from #{state}")
  end
end
class GuardFailed < WorkflowError; end
class TransientError < StandardError; end

class Priority
  include Comparable
  LEVELS = %i[low normal high urgent].freeze
  attr_reader :rank

  def initialize(rank) = @rank = rank
  def self.[](name) = ALL[LEVELS.index(name)]
  def <=>(other) = other.is_a?(Priority) ? rank <=> other.rank : nil
  def name = LEVELS[rank]
  def succ = Priority::ALL[[rank + 1, 3].min]
  def to_s = name.to_s
  ALL = Array.new(4) { |i| new(i) }.freeze
end

class Sla
  include Comparable
  attr_reader :minutes

  def initialize(minutes) = @minutes = minutes
  def <=>(other) = minutes <=> other.minutes
  def +(m) = Sla.new(minutes + m)
  def to_s = format("%dh%02dm", *minutes.divmod(60))
end

Transition = Struct.new(:event, :from, :to, :guard, :effect)

class Workflow
  attr_reader :name, :states, :initial, :transitions, :options, :hooks

  def self.define(name, &block)
    wf = new(name)
    Builder.new(wf).instance_eval(&block)
    wf.install!
    wf
  end

  def initialize(name)
    @name = name
    @states = []
    @initial = nil
    @transitions = Hash.new { |h, k| h[k] = {} }
    @options = {}
    @hooks = Hash.new { |h, k| h[k] = [] }
  end

  def add_state(state, initial)
    @states << state
    @initial = state if initial
  end

  def install!
    wf = self
    klass = Class.new(Ticket)
    @states.each do |s|
      klass.define_method(:"#{s}?") { state == s }
    end
    @transitions.each_value.flat_map(&:keys).uniq.each do |event|
      klass.define_method(:"#{event}!") { |**args| wf.fire(self, event, **args) }
      klass.define_method(:"can_#{event}?") { wf.transitions[state].key?(event) }
    end
    @ticket_class = klass
  end

  def new_ticket(id, priority, sla) = @ticket_class.new(id, @initial, priority, sla)

  def fire(ticket, event, **args)
    t = @transitions[ticket.state][event] or raise InvalidTransition.new(event, ticket.state)
    raise GuardFailed, "#{event} refused for ##{ticket.id}" if t.guard && !t.guard.call(ticket, args)
    from = ticket.state
    t.effect&.call(ticket, args)
    ticket.state = t.to
    @hooks[t.to].each { |h| h.call(ticket, from) }
    t.to
  end

  class Builder
    def initialize(wf) = @wf = wf

    def state(*names, initial: false)
      names.each { |n| @wf.add_state(n, initial) }
    end

    def event(name, from:, to:, guard: nil, &effect)
      Array(from).each { |f| @wf.transitions[f][name] = Transition.new(name, f, to, guard, effect) }
    end

    def on_enter(state, &hook) = @wf.hooks[state] << hook

    # Options: `escalate_after 90`, `notify :team`, `audit!`.
    def method_missing(name, *args)
      key = name.to_s
      if key.end_with?("!")
        @wf.options[key.chomp("!").to_sym] = true
      elsif args.size == 1
        @wf.options[name] = args.first
      else
        super
      end
    end

    def respond_to_missing?(name, priv = false) = true
  end
end

class Ticket
  attr_accessor :state, :priority, :attempts, :history
  attr_reader :id, :sla

  def initialize(id, state, priority, sla)
    @id = id
    @state = state
    @priority = priority
    @sla = sla
    @attempts = 0
    @history = []
  end

  def <=>(other) = [other.priority, sla, id] <=> [priority, other.sla, other.id]
  include Comparable
end

SUPPORT = Workflow.define(:support) do
  state :open, initial: true
  state :triaged, :in_progress, :waiting, :resolved, :closed, :rejected
  escalate_after 90
  notify :oncall
  audit!

  event :triage, from: :open, to: :triaged, guard: ->(t, a) { a.fetch(:by, nil) } do |t, a|
    t.priority = a[:priority] if a[:priority]
  end
  event :start, from: %i[triaged waiting], to: :in_progress
  event :ask, from: :in_progress, to: :waiting
  event :resolve, from: :in_progress, to: :resolved, guard: ->(t, _) { t.attempts < 4 }
  event :reopen, from: %i[resolved closed], to: :triaged do |t, _|
    t.priority = t.priority.succ
  end
  event :close, from: :resolved, to: :closed
  event :reject, from: %i[open triaged waiting], to: :rejected

  on_enter(:closed) { |t, from| t.history << :"closed_from_#{from}" }
  on_enter(:in_progress) { |t, _| t.attempts += 1 }
end

class Engine
  HANDLERS = {
    triage: :handle_triage, start: :handle_simple, ask: :handle_simple, resolve: :handle_resolve,
    reopen: :handle_simple, close: :handle_simple, reject: :handle_simple, ping: :handle_ping
  }.freeze
  EVENTS = HANDLERS.keys.freeze

  attr_reader :stats

  def initialize(seed)
    @s = seed
    @stats = Hash.new(0)
    @flaky = 0
  end

  def rand(n)
    @s = (@s * 1_103_515_245 + 12_345) & 0x7fff_ffff
    (@s >> 8) % n
  end

  def dispatch(ticket, event)
    send(HANDLERS.fetch(event), ticket, event)
    @stats[:ok] += 1
  rescue InvalidTransition => e
    @stats[:"bad_#{e.event}"] += 1
  rescue GuardFailed => e
    @stats[:guard] += e.message.size
  rescue KeyError
    @stats[:unknown] += 1
  ensure
    ticket.history << event
  end

  def handle_triage(t, _)
    t.triage!(by: rand(5).zero? ? nil : :bot, priority: Priority::ALL[rand(4)])
  end

  def handle_simple(t, event)
    t.public_send(:"#{event}!")
  end

  def handle_resolve(t, _)
    tries = 0
    begin
      tries += 1
      raise TransientError, "store busy" if (@flaky += 1) % 7 == 0 && tries < 3
      t.resolve!
    rescue TransientError
      @stats[:retries] += 1
      retry
    end
  end

  def handle_ping(t, _)
    raise InvalidTransition.new(:ping, t.state) unless t.respond_to?(:ping!)
  end

  # Most events are ones the ticket's state allows; closed and rejected
  # tickets are archived and replaced by new ones.
  def run(wf, tickets, steps)
    next_id = tickets.size
    catch(:halt) do
      steps.times do |i|
        k = rand(tickets.size)
        t = tickets[k]
        allowed = wf.transitions[t.state].keys
        ev = case rand(10)
             when 0 then :bogus
             when 1, 2 then EVENTS[rand(EVENTS.size)]
             else allowed[rand(allowed.size)]
             end
        ev = :start if ev == :reject && rand(3) > 0
        dispatch(t, ev)
        if t.closed? || t.rejected?
          @stats[:archived] += 1
          t.history.grep(/\Aclosed_from/).each { |h| @stats[h] += 1 }
          tickets[k] = wf.new_ticket(next_id += 1, t.priority, t.sla + rand(30))
        end
        throw :halt, i if @stats[:ok] > steps * 2 / 3
      end
      steps
    end
  end
end

digest = 0
summary = nil
reps.times do |r|
  eng = Engine.new(7 + r)
  tickets = Array.new(60) { |i| SUPPORT.new_ticket(i, Priority::ALL[eng.rand(4)], Sla.new(30 + eng.rand(300))) }
  ran = eng.run(SUPPORT, tickets, 3000)
  by_state = tickets.group_by(&:state).transform_values(&:size)
  queue = tickets.reject { |t| t.closed? || t.rejected? }.sort.first(5)
  urgent = tickets.count { |t| t.priority >= Priority[:high] }
  sla_cap = tickets.map { |t| t.sla.clamp(Sla.new(60), Sla.new(240)) }.max
  mid = tickets.count { |t| t.sla.between?(Sla.new(90), Sla.new(180)) }
  closable = tickets.count(&:can_close?)
  hist = tickets.sum { |t| t.history.size }
  digest = (digest * 31 + ran + hist + urgent * 7 + mid + closable + eng.stats.values.sum +
            queue.sum(&:id)) % 1_000_000_007
  summary = [by_state.sort.to_h, eng.stats.sort.to_h, queue.map { |t| "##{t.id}:#{t.priority}:#{t.sla}" },
             sla_cap.to_s, SUPPORT.options]
end
puts "runs=#{reps} digest=#{digest}"
summary.each { |s| p s }
