# Ractor, on green threads: each Ractor runs its block on a Thread of its
# own (prelude/thread.rb), so Ractors take turns like threads do rather
# than running in parallel. What CRuby's Ractors promise a program is kept:
#
# - Isolation. The block may not use the locals around it (ArgumentError
#   at Ractor.new); a non-main Ractor gets Ractor::IsolationError on
#   globals, class variables, constants and class instance variables
#   holding unshareable objects (the VM checks, builtins/ractor.rs, while
#   `Vm::ractor_nonmain`: set by the Ractor's thread when it starts and
#   inherited by the threads and fibers it makes).
# - Messages are deep copies unless shareable (deeply frozen, or a class,
#   module or Ractor); `move: true` hands the object over and leaves a
#   Ractor::MovedObject behind.
# - Ports: send/receive (the incoming queue), Ractor.yield/take (a
#   rendezvous: the yielder waits for a taker), the block's value as the
#   last message, Ractor.select over both, and closing either port.
class Ractor
  class Error < StandardError; end

  class RemoteError < Error
    attr_reader :ractor

    def __set_ractor(r)
      @ractor = r
      self
    end
  end

  class ClosedError < StopIteration; end
  class IsolationError < ArgumentError; end
  class MovedError < Error; end
  class UnsafeError < Error; end

  # What an object sent with `move: true` becomes: every call raises.
  class MovedObject < BasicObject
    def method_missing(*)
      ::Kernel.raise ::Ractor::MovedError, "can not send any methods to a moved object"
    end

    %i[== != ! equal? instance_eval instance_exec].each do |m|
      define_method(m) do |*|
        ::Kernel.raise ::Ractor::MovedError, "can not send any methods to a moved object"
      end
    end
  end

  @count = 0
  @live = []
  @main = nil

  class << self
    alias __allocate allocate
    private :__allocate

    def allocate
      raise TypeError, "allocator undefined for Ractor"
    end

    def new(*args, name: nil, &block)
      raise ArgumentError, "must be called with a block" unless block
      unless name.nil? || name.is_a?(String)
        raise TypeError, "no implicit conversion of #{RubyVM::FileIO.tname(name)} into String"
      end
      outer = block.__outer_lvars.flatten.uniq
      unless outer.empty?
        raise ArgumentError, "can not isolate a Proc because it accesses outer variables (#{outer.join(', ')})."
      end
      args = args.map { |a| __copy(a) }
      unless @warned
        @warned = true
        if Warning[:experimental]
          $stderr.write("<internal:ractor>:267: warning: Ractor is experimental, and the behavior may change " \
                        "in future versions of Ruby! Also there are many implementation issues.\n")
        end
      end
      r = __allocate
      r.__send__(:__start, __next_id, name, block, args)
      @live << r
      r
    end

    def main
      @main ||= __allocate.__send__(:__as_main)
    end

    def current
      Thread.current.instance_variable_get(:@__ractor) || main
    end

    def count
      @live.reject! { |r| r.__terminated? }
      1 + @live.size
    end

    def receive = current.__send__(:__receive)
    alias recv receive

    def receive_if(&b) = current.__send__(:__receive_if, &b)

    def yield(obj, move: false)
      r = current
      r.__send__(:__check_out_open)
      offer = [move ? obj : __copy(obj), false, move]
      r.__send__(:__offer, offer)
      begin
        Thread.__wait(-> { offer[1] || r.__out_closed? }) until offer[1] || r.__out_closed?
      ensure
        r.__send__(:__withdraw, offer)
      end
      r.__send__(:__check_out_open) unless offer[1]
      nil
    end

    NO_VALUE = Object.new.freeze
    private_constant :NO_VALUE

    def select(*ractors, yield_value: NO_VALUE, move: false)
      yielding = !NO_VALUE.equal?(yield_value)
      if ractors.empty? && !yielding
        raise ArgumentError, "specify at least one ractor or `yield_value`"
      end
      cur = current
      offer = nil
      if yielding
        cur.__send__(:__check_out_open)
        offer = [move ? yield_value : __copy(yield_value), false, move]
        cur.__send__(:__offer, offer)
      end
      begin
        while true
          return [:yield, nil] if offer && offer[1]
          ractors.each do |r|
            if r.equal?(cur)
              return [:receive, cur.__send__(:__shift)] if cur.__send__(:__incoming?)
            else
              ok, v = r.__send__(:__try_take)
              return [r, v] if ok
            end
          end
          Thread.__wait(lambda {
            (offer && offer[1]) ||
              ractors.any? { |r| r.equal?(cur) ? cur.__send__(:__incoming?) : r.__send__(:__takeable?) }
          })
        end
      ensure
        cur.__send__(:__withdraw, offer) if offer
      end
    end

    def make_shareable(obj, copy: false)
      obj = __copy(obj) if copy
      __share(obj, {}.compare_by_identity)
      obj
    end

    def shareable?(obj) = __shareable?(obj, {}.compare_by_identity)

    # ---- copying and sharing ---------------------------------------------

    def __next_id = (@count += 1) + 1

    def __ivars_shareable?(o, seen)
      o.instance_variables.all? { |iv| __shareable?(o.instance_variable_get(iv), seen) }
    end

    def __shareable?(o, seen)
      case o
      when nil, true, false, Integer, Float, Symbol, Module, Ractor then return true
      end
      return true if seen.key?(o)
      return o.instance_variable_get(:@__shareable) == true if o.is_a?(Proc)
      return false unless o.frozen?
      seen[o] = true
      ok = case o
           when Array then o.all? { |e| __shareable?(e, seen) }
           when Hash
             o.all? { |k, v| __shareable?(k, seen) && __shareable?(v, seen) } &&
               __shareable?(o.default, seen) && (o.default_proc.nil? || __shareable?(o.default_proc, seen))
           when Struct then o.to_a.all? { |e| __shareable?(e, seen) }
           when Range then __shareable?(o.begin, seen) && __shareable?(o.end, seen)
           else true
           end
      ok &&= __ivars_shareable?(o, seen) unless o.is_a?(Struct) && o.instance_variables == [:@__values__]
      seen.delete(o) unless ok
      ok
    end

    # make_shareable: freezes `o` (its own `freeze` runs), then what it
    # refers to.
    def __share(o, seen)
      case o
      when nil, true, false, Integer, Float, Symbol, Module, Ractor then return
      end
      return if seen.key?(o)
      seen[o] = true
      if o.is_a?(Proc)
        __share_proc(o)
        return
      end
      o.freeze
      case o
      when Array then o.each { |e| __share(e, seen) }
      when Hash
        o.each { |k, v| __share(k, seen); __share(v, seen) }
        __share(o.default, seen)
      when Struct then o.to_a.each { |e| __share(e, seen) }
      when Range then __share(o.begin, seen); __share(o.end, seen)
      end
      o.instance_variables.each { |iv| __share(o.instance_variable_get(iv), seen) }
    end

    def __share_proc(pr)
      return if pr.instance_variable_get(:@__shareable)
      me = pr.__self
      unless shareable?(me)
        raise IsolationError, "Proc's self is not shareable: #{pr.inspect}"
      end
      writes = pr.__outer_lvars[1]
      unless writes.empty?
        raise ArgumentError, "can not make a Proc shareable because it accesses outer variables (#{writes.join(', ')})."
      end
      pr.__isolate_env
      pr.instance_variable_set(:@__shareable, true)
      pr.freeze
    end

    UNCOPYABLE = %w[Thread Thread::Mutex Thread::Queue Thread::SizedQueue Thread::ConditionVariable
                    Proc Method UnboundMethod Binding Fiber].map(&:freeze).freeze
    private_constant :UNCOPYABLE

    # A deep copy of `o` for another Ractor (shareable parts are shared).
    def __copy(o, map = {}.compare_by_identity)
      return o if shareable?(o)
      return map[o] if map.key?(o)
      if UNCOPYABLE.include?(o.class.name)
        raise TypeError, "allocator undefined for #{o.class}"
      end
      if o.is_a?(NameError)
        raise TypeError, "no _dump_data is defined for class NameError::message"
      end
      c = case o
          when String then String.new(o)
          when Array then []
          when Hash
            h = {}
            h.compare_by_identity if o.compare_by_identity?
            h
          when Range then nil
          else o.clone(freeze: false)
          end
      if c.nil?
        c = Range.new(__copy(o.begin, map), __copy(o.end, map), o.exclude_end?)
        map[o] = c
        return c
      end
      map[o] = c
      case o
      when Array then o.each { |e| c << __copy(e, map) }
      when Hash
        o.each { |k, v| c[__copy(k, map)] = __copy(v, map) }
        c.default = __copy(o.default, map) unless o.default.nil?
      when Struct then o.each_pair { |k, v| c[k] = __copy(v, map) }
      end
      o.instance_variables.each do |iv|
        next if iv == :@__values__ && o.is_a?(Struct)
        c.instance_variable_set(iv, __copy(o.instance_variable_get(iv), map))
      end
      c.freeze if o.frozen?
      c
    end

    # `move: true`: the taker gets the object's contents in a new object.
    def __move_out(o)
      return o if shareable?(o)
      if UNCOPYABLE.include?(o.class.name)
        raise TypeError, "allocator undefined for #{o.class}"
      end
      __move(o, MovedObject)
    end
  end

  # ---- one Ractor --------------------------------------------------------

  def __as_main
    @__id = 1
    @__status = :running
    @__incoming = []
    @__locals = {}
    self
  end

  def __start(id, name, block, args)
    @__id = id
    @__name = name
    file, line = block.source_location
    @__loc = "#{file}:#{line}"
    @__status = :created
    @__incoming = []
    @__locals = {}
    @__threads = []
    @__result = nil
    r = self
    t = Thread.new do
      Ractor.__set_nonmain(true)
      r.__send__(:__run, block, args)
    end
    t.instance_variable_set(:@__ractor, self)
    @__thread = t
    self
  end
  private :__as_main, :__start

  def __run(block, args)
    @__status = :running
    done = false
    begin
      v = instance_exec(*args, &block)
      @__result = [:ok, Ractor.__copy(v)]
      done = true
    rescue Exception => e
      raise if e.class.name == "Thread::Kill"
      @__result = [:err, e]
      done = true
      raise
    ensure
      @__result = [:ok, nil] unless done
      @__status = :terminated
      @__in_closed = true
      @__threads.each { |t| t.kill if t.alive? && !t.equal?(Thread.current) }
    end
  end
  private :__run

  def __thread_started(t)
    @__threads << t if @__threads
  end
  private :__thread_started

  def __terminated? = @__status == :terminated
  def __out_closed? = @__out_closed == true

  def __check_out_open
    raise ClosedError, "The outgoing-port is already closed" if @__out_closed
  end

  def __offer(offer)
    @__offer = offer
  end

  def __withdraw(offer)
    @__offer = nil if @__offer.equal?(offer)
  end

  def __incoming? = !@__incoming.empty?
  def __shift = @__incoming.shift

  # Something to take now: a waiting yielder's value, the block's
  # result, or (raised) a closed port.
  def __takeable?
    (@__offer && !@__offer[1]) || (@__result && !@__result_taken) || @__out_closed || __terminated?
  end

  # [true, value] when there was something to take, [false] when not;
  # raises when there never will be.
  def __try_take
    raise ClosedError, "The outgoing-port is already closed" if @__out_closed
    if (o = @__offer) && !o[1]
      v = o[2] ? Ractor.__move_out(o[0]) : o[0]
      o[1] = true
      return [true, v]
    end
    if @__result && !@__result_taken
      @__result_taken = true
      kind, v = @__result
      if kind == :err
        err = RemoteError.new("thrown by remote Ractor.").__set_ractor(self)
        raise err, cause: v
      end
      return [true, v]
    end
    raise ClosedError, "The outgoing-port is already closed" if __terminated?
    [false]
  end

  def __receive
    raise Error, "can not call receive/receive_if recursively" if @__receiving_if
    while @__incoming.empty?
      raise ClosedError, "The incoming port is already closed" if @__in_closed
      Thread.__wait(-> { !@__incoming.empty? || @__in_closed })
    end
    @__incoming.shift
  end

  def __receive_if
    raise Error, "can not call receive/receive_if recursively" if @__receiving_if
    checked = 0
    while true
      while checked < @__incoming.size
        msg = @__incoming.delete_at(checked)
        @__receiving_if = true
        begin
          ok = yield(msg)
        ensure
          @__receiving_if = false
        end
        return msg if ok
        @__incoming.insert(checked, msg)
        checked += 1
      end
      raise ClosedError, "The incoming port is already closed" if @__in_closed
      Thread.__wait(-> { @__incoming.size > checked || @__in_closed })
    end
  end
  private :__thread_started, :__check_out_open, :__offer, :__withdraw, :__incoming?, :__shift,
          :__takeable?, :__try_take, :__receive, :__receive_if

  def send(obj, move: false)
    if @__in_closed || __terminated?
      raise ClosedError, "The incoming-port is already closed"
    end
    @__incoming << (move ? Ractor.__move_out(obj) : Ractor.__copy(obj))
    self
  end
  alias << send

  def take
    while true
      ok, v = __try_take
      return v if ok
      Thread.__wait(-> { __takeable? })
    end
  end

  def close_incoming
    was = @__in_closed == true
    @__in_closed = true
    was
  end

  def close_outgoing
    was = @__out_closed == true
    @__out_closed = true
    was
  end

  def name = @__name

  def [](key) = @__locals[key.to_sym]
  def []=(key, v)
    @__locals[key.to_sym] = v
  end

  def inspect
    status = @__status == :created ? "created" : @__status.to_s
    return "#<Ractor:##{@__id} #{status}>" unless @__loc
    "#<Ractor:##{@__id}#{" #{@__name}" if @__name} #{@__loc} #{status}>"
  end
  alias to_s inspect

  def dup = raise(TypeError, "allocator undefined for Ractor")
  def clone(*) = raise(TypeError, "allocator undefined for Ractor")
end

# A non-main Ractor sees only the shareable objects.
module ObjectSpace
  class << self
    alias __each_object_any each_object
    private :__each_object_any

    def each_object(*args, &b)
      return __each_object_any(*args, &b) unless b && Ractor.__nonmain?
      n = 0
      __each_object_any(*args) do |o|
        next unless Ractor.shareable?(o)
        n += 1
        b.call(o)
      end
      n
    end
  end
end
