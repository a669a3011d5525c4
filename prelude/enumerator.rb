# frozen_string_literal: true
#
# Enumerator, Enumerator::Yielder, Enumerator::Generator, and the Kernel
# methods that make enumerators (to_enum / enum_for).
#
# An Enumerator remembers a receiver, a method name and its arguments; #each
# calls that method with the block. Enumerator.new { |y| ... } is the same
# thing with an Enumerator::Generator as the receiver and :each as the
# method, which is how CRuby does it too.
#
# External iteration (next / peek) runs #each in a Fiber of the
# enumerator's own, suspended after each element, as CRuby does: side
# effects happen step by step and infinite enumerators work.
class Enumerator
  include Enumerable

  # Enumerator.new(size = nil) { |yielder| ... }
  def initialize(size = nil, &block)
    raise ArgumentError, "tried to create Proc object without a block" unless block
    __setup(Generator.new(&block), :each, [], {}, size)
  end

  # (Enumerator#each is native, src/builtins/enumerator.rs: without
  # arguments it calls the wrapped method directly; with them it comes here.)
  def __each(*args, **kw, &block)
    unless args.empty? && kw.empty?
      more = Enumerator.allocate
      more.__send__(:__setup, @receiver, @method, @args + args, @kw.merge(kw), @size)
      return block ? more.each(&block) : more
    end
    return self unless block
    @receiver.__send__(@method, *@args, **@kw, &block)
  end

  # Calls the block with each element and its index (counted from offset);
  # returns what the underlying iteration returns.
  def with_index(*args, &block)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:with_index, *args) { size } unless block
    index = args.empty? || args[0].nil? ? 0 : RubyVM::Prelude.to_long(args[0])
    if index < 0x1000_0000_0000_0000 && index > -0x1000_0000_0000_0000
      # (an index that stays a Fixnum: counted natively)
      return RubyVM::Prelude.each_indexed(self, index, &block)
    end
    each do |*a|
      r = yield(a.size > 1 ? a : a[0], index)
      index += 1
      r
    end
  end

  def each_with_index(&block)
    return enum_for(:each_with_index) { size } unless block
    RubyVM::Prelude.each_indexed(self, 0, &block)
  end

  def with_object(memo)
    return enum_for(:with_object, memo) { size } unless block_given?
    each { |*a| yield(a.size > 1 ? a : a[0], memo) }
    memo
  end

  # The size given to Enumerator.new or to enum_for's block (called lazily),
  # or nil when it is not known.
  def size
    if @size.respond_to?(:call)
      @size.call(*@args, **@kw)
    elsif @size.nil?
      RubyVM::Prelude.enum_size(@receiver, @method, @args)
    else
      @size
    end
  end

  # ---- external iteration (a Fiber, see the note at the top) -------------

  def next
    values = next_values
    values.size > 1 ? values : values[0]
  end

  def next_values
    values = peek_values
    @lookahead = nil
    values
  end

  def peek
    values = peek_values
    values.size > 1 ? values : values[0]
  end

  # The next element's values (an Array), fetched from the iteration's
  # fiber once and kept until #next takes them.
  def peek_values
    return @lookahead if @lookahead
    __stop if @done
    @fiber ||= Fiber.new do
      @result = each do |*values|
        Fiber.yield(values)
        # What #feed gave becomes the value of the `yield` now returning.
        fed = @feed
        @feed = @feed_set = nil
        fed
      end
      @done = true
      nil
    end
    begin
      values = @fiber.resume
    rescue Exception
      # An error inside the iteration: the next call starts it again.
      @fiber = nil
      raise
    end
    __stop if @done
    @lookahead = values
  end

  # The value the iteration's current `yield` returns when #next goes on.
  def feed(value)
    raise TypeError, "feed value already set" if @feed_set
    @feed = value
    @feed_set = true
    nil
  end

  def rewind
    @receiver.rewind if @receiver.respond_to?(:rewind)
    @fiber = nil
    @feed = @feed_set = nil
    @lookahead = nil
    @done = false
    self
  end

  # enum + other: an Enumerator::Chain of both.
  def +(other)
    Chain.new(self, other)
  end

  def inspect
    return "#<#{self.class}: uninitialized>" unless @method
    text = "#<#{self.class}: #{@receiver.inspect}:#{@method}"
    parts = @args.map(&:inspect)
    @kw.each { |key, value| parts << "#{key}: #{value.inspect}" }
    text += "(#{parts.join(', ')})" unless parts.empty?
    text + ">"
  end

  private

  def __setup(receiver, meth, args, kw, size)
    @receiver = receiver
    @method = meth
    @args = args
    @kw = kw
    @size = size
    @fiber = nil
    @lookahead = nil
    @done = false
    self
  end

  def __stop
    e = StopIteration.new("iteration reached an end")
    RubyVM::Prelude.hidden_set(e, :result, @result)
    raise e
  end

  # The object handed to the block of Enumerator.new; it forwards values to
  # the block given to #each.
  class Yielder
    def initialize(&block)
      @proc = block
      self
    end

    # y << value: passes one value on; returns the yielder so calls chain.
    def <<(value)
      raise LocalJumpError, "no block given" unless @proc
      @proc.call(value)
      self
    end

    # y.yield(a, b): passes the values on; returns what the block returned.
    def yield(*args)
      raise LocalJumpError, "no block given" unless @proc
      @proc.call(*args)
    end

    def to_proc
      yielder = self
      ->(*args) { yielder.yield(*args) }
    end

    # "#<Enumerator::Yielder:0x...>", without the instance variables.
    def inspect
      to_s
    end
  end

  # The receiver of enumerators made by Enumerator.new: each(&block) runs
  # the generator block with a Yielder wrapping block.
  class Generator
    include Enumerable

    def initialize(&block)
      raise ArgumentError, "no block given" unless block
      @proc = block
      self
    end

    def each(*args, &block)
      @proc.call(Yielder.new(&block), *args)
    end

    # "#<Enumerator::Generator:0x...>", without the instance variables.
    def inspect
      to_s
    end
  end
end

module RubyVM::Prelude
  # Methods whose enumerator has as many elements as the receiver.
  SAME_SIZE = %i[
    each map collect flat_map collect_concat select filter reject filter_map
    each_with_index each_with_object with_index with_object sort_by min_by
    max_by minmax_by group_by partition find_index each_entry each_index
    each_key each_value each_pair select! reject! map! collect! filter!
    keep_if delete_if each_char each_byte each_line times reverse_each
    sum uniq transform_values transform_keys
  ].freeze

  # The size of an enumerator made without a size function (CRuby gives
  # each core method one): nil when it cannot be known without iterating.
  def self.enum_size(recv, meth, args)
    if meth == :loop
      return recv.method(:loop).owner == Kernel ? Float::INFINITY : nil
    end
    n =
      case recv
      when Integer then meth == :times ? [recv, 0].max : nil
      when String
        case meth
        when :each_char then recv.length
        when :each_byte then recv.bytesize
        end
      when Array, Hash, Range, Struct
        recv.size if recv.respond_to?(:size)
      else
        recv.size if recv.is_a?(Enumerator)
      end
    return nil if n.nil?
    return n if SAME_SIZE.include?(meth) && args.empty?
    return n if meth == :with_index || meth == :each_with_object || meth == :with_object
    case meth
    when :each_slice
      k = args[0]
      k.is_a?(Integer) && k > 0 ? (n + k - 1) / k : nil
    when :each_cons
      k = args[0]
      k.is_a?(Integer) && k > 0 ? [n - k + 1, 0].max : nil
    when :cycle
      if args.empty? || args[0].nil?
        n.zero? ? 0 : Float::INFINITY
      elsif args[0].is_a?(Integer)
        [args[0], 0].max * n
      end
    when :combination, :permutation, :repeated_combination
      nil
    end
  end
end

module Kernel
  # to_enum(method = :each, *args) { size } -> Enumerator over
  # `self.method(*args) { ... }`; the optional block computes the size.
  def to_enum(meth = :each, *args, **kw, &size_fn)
    Enumerator.allocate.__send__(:__setup, self, meth, args, kw, size_fn)
  end

  def enum_for(meth = :each, *args, **kw, &size_fn)
    Enumerator.allocate.__send__(:__setup, self, meth, args, kw, size_fn)
  end
end

class Enumerator
  # Enumerator.produce(initial) { |prev| next }: an infinite sequence; the
  # block may raise StopIteration to end it.
  def self.produce(*args, &block)
    raise ArgumentError, "no block given" unless block
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    Enumerator.allocate.__send__(:__setup, Producer.new(args, block), :each, [], {},
                                 Float::INFINITY)
  end

  # The receiver of Enumerator.produce's enumerators.
  class Producer
    def initialize(init, block)
      @init = init
      @block = block
    end

    def each
      if @init.empty?
        cur = nil
      else
        cur = @init[0]
        yield cur
      end
      begin
        loop do
          cur = @block.call(cur)
          yield cur
        end
      rescue StopIteration
        nil
      end
      self
    end

    def inspect
      "#<Enumerator::Producer>"
    end
  end

  # e1 + e2, e.chain(others): the elements of each enumerable in turn.
  class Chain < Enumerator
    def initialize(*enums)
      @enums = enums.freeze
      __setup(self, :__chain_each, [], {}, nil)
    end

    def each(*args, &block)
      return self unless block
      @started = []
      @enums.each do |e|
        @started << e
        e.each(*args, &block)
      end
      self
    end

    def size
      total = 0
      @enums.each do |e|
        n = e.size
        return n if n.nil? || (n.is_a?(Float) && n.infinite?)
        total += n
      end
      total
    end

    def +(other)
      Chain.new(self, other)
    end

    # Rewinds (last first) only the enumerables iteration has reached.
    def rewind
      (@started || []).reverse_each { |e| e.rewind if e.respond_to?(:rewind) }
      @started = nil
      self
    end

    def inspect
      return "#<Enumerator::Chain: uninitialized>" unless @enums
      "#<Enumerator::Chain: [#{@enums.map(&:inspect).join(', ')}]>"
    end

    undef_method :feed, :next, :next_values, :peek, :peek_values
  end

  # Enumerator::Lazy: each operation wraps the previous enumerable and
  # runs only as far as the consumer asks.
  #
  # Values travel as they were yielded (`y.yield(*v)`); the blocks of
  # select/reject/uniq/grep see them packed into one (an Array when there
  # were several), those of map/flat_map/take_while/drop_while/filter_map
  # see them spread, as in CRuby (lazyenum_yield vs lazyenum_yield_values).
  class Lazy < Enumerator
    STOP = Object.new.freeze

    # Lazy#to_enum(:map, ...) and friends run the eager method (CRuby's
    # lazy_use_super_method): the lazy one would only build another Lazy.
    EAGER = %i[
      map collect flat_map collect_concat select find_all filter filter_map
      reject grep grep_v zip take take_while drop drop_while uniq with_index
    ].to_h { |m| [m, :"_enumerable_#{m}"] }.freeze
    EAGER.each do |m, eager|
      alias_method eager, m
      private eager
    end

    # Lazy.new(obj, size = nil) { |yielder, *values| ... }
    def initialize(obj, size = nil, &block)
      raise ArgumentError, "tried to call lazy new without a block" unless block
      __lazy_init(obj, size, nil, []) { ->(y, v) { block.call(y, *v) } }
    end

    # enum.lazy: its size is the enumerable's own (asked when needed).
    def self.__from(obj)
      size = -> { obj.respond_to?(:size) ? obj.size : nil }
      allocate.__send__(:__lazy_init, obj, size, nil, []) { ->(y, v) { y.yield(*v) } }
    end

    def lazy
      self
    end

    # Enumerable#first, eager (take(n) would stay lazy).
    def first(*args)
      if args.size > 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
      end
      if args.empty?
        each { |*v| return v.size > 1 ? v : v[0] }
        return nil
      end
      n = RubyVM::Prelude.to_long(args[0])
      raise ArgumentError, "attempt to take negative size" if n < 0
      ary = []
      return ary if n.zero?
      each do |*v|
        ary << (v.size > 1 ? v : v[0])
        break if ary.size >= n
      end
      ary
    end

    def force(*args)
      to_a(*args)
    end

    def eager
      src = self
      Enumerator.new { |y| src.each { |*v| y.yield(*v) } }
    end

    # A Lazy over `self.meth(*args)`; its size is the block's result, or nil.
    def to_enum(meth = :each, *args, **kw, &size_fn)
      size_fn ||= -> {}
      lazy = Lazy.allocate.__send__(:__setup, self, EAGER.fetch(meth, meth), args, kw, size_fn)
      lazy.__send__(:__describe, self, meth, args)
    end
    alias enum_for to_enum

    def map(&block)
      raise ArgumentError, "tried to call lazy map without a block" unless block
      __chain(:map, [], __same_size) { ->(y, v) { y << block.call(*v) } }
    end
    alias collect map

    def select(&block)
      raise ArgumentError, "tried to call lazy select without a block" unless block
      __chain(:select) { ->(y, v) { y.yield(*v) if block.call(v.size > 1 ? v : v[0]) } }
    end
    alias filter select
    alias find_all select

    def reject(&block)
      raise ArgumentError, "tried to call lazy reject without a block" unless block
      __chain(:reject) { ->(y, v) { y.yield(*v) unless block.call(v.size > 1 ? v : v[0]) } }
    end

    def filter_map(&block)
      raise ArgumentError, "tried to call lazy filter_map without a block" unless block
      __chain(:filter_map) do
        lambda do |y, v|
          r = block.call(*v)
          y << r if r
        end
      end
    end

    def flat_map(&block)
      raise ArgumentError, "tried to call lazy flat_map without a block" unless block
      __chain(:flat_map) do
        lambda do |y, v|
          r = block.call(*v)
          if r.is_a?(Array) || (r.respond_to?(:force) && r.respond_to?(:each))
            r.each { |x| y << x }
          else
            y << r
          end
        end
      end
    end
    alias collect_concat flat_map

    def take_while(&block)
      raise ArgumentError, "tried to call lazy take_while without a block" unless block
      __chain(:take_while) { ->(y, v) { block.call(*v) ? y.yield(*v) : STOP } }
    end

    def drop_while(&block)
      raise ArgumentError, "tried to call lazy drop_while without a block" unless block
      __chain(:drop_while) do
        dropping = true
        lambda do |y, v|
          dropping = false if dropping && !block.call(*v)
          y.yield(*v) unless dropping
        end
      end
    end

    # lazy_take_size: the count, unless the source is known to be shorter.
    def take(n)
      n = RubyVM::Prelude.to_long(n)
      raise ArgumentError, "attempt to take negative size" if n < 0
      src = n.zero? ? [] : self
      this = self
      size = lambda do
        s = this.size
        s.nil? || (s.is_a?(Integer) && s < n) ? s : n
      end
      __chain(:take, [n], size, src) do
        taken = 0
        lambda do |y, v|
          y.yield(*v)
          taken += 1
          taken >= n ? STOP : nil
        end
      end
    end

    # lazy_drop_size: what is left of the source's size.
    def drop(n)
      n = RubyVM::Prelude.to_long(n)
      raise ArgumentError, "attempt to drop negative size" if n < 0
      this = self
      size = lambda do
        s = this.size
        if s.nil? then nil
        elsif s.is_a?(Integer) then s < n ? 0 : s - n
        else s - n
        end
      end
      __chain(:drop, [n], size) do
        seen = 0
        lambda do |y, v|
          if seen < n
            seen += 1
          else
            y.yield(*v)
          end
        end
      end
    end

    def with_index(offset = 0, &block)
      offset = offset.nil? ? 0 : RubyVM::Prelude.to_long(offset)
      __chain(:with_index, offset.zero? ? [] : [offset], __same_size) do
        i = offset - 1
        lambda do |y, v|
          i += 1
          x = v.size > 1 ? v : v[0]
          if block
            block.call(x, i)
            y.yield(*v)
          else
            y << [x, i]
          end
        end
      end
    end

    def each_with_index(&block)
      with_index(0, &block)
    end

    def zip(*others)
      return super if block_given?
      all_arrays = others.all? { |o| o.is_a?(Array) }
      unless all_arrays
        others.each do |o|
          next if o.is_a?(Array) || o.respond_to?(:each)
          raise TypeError, "wrong argument type #{o.class} (must respond to :each)"
        end
      end
      __chain(:zip, others, __same_size) do
        enums = all_arrays ? nil : others.map { |o| o.to_enum(:each) }
        i = -1
        lambda do |y, v|
          i += 1
          row = [v.size > 1 ? v : v[0]]
          if all_arrays
            others.each { |a| row << a[i] }
          else
            enums.each_with_index do |e, k|
              if e.nil?
                row << nil
              else
                begin
                  row << e.next
                rescue StopIteration
                  enums[k] = nil
                  row << nil
                end
              end
            end
          end
          y << row
        end
      end
    end

    def uniq(&block)
      __chain(:uniq) do
        seen = {}
        lambda do |y, v|
          x = v.size > 1 ? v : v[0]
          key = block ? block.call(x) : x
          unless seen.key?(key)
            seen[key] = true
            y.yield(*v)
          end
        end
      end
    end

    def compact
      __chain(:compact) do
        lambda do |y, v|
          x = v.size > 1 ? v : v[0]
          y.yield(*v) unless x.nil?
        end
      end
    end

    def grep(pattern, &block)
      __chain(:grep, [pattern]) do
        lambda do |y, v|
          x = v.size > 1 ? v : v[0]
          y << (block ? block.call(x) : x) if pattern === x
        end
      end
    end

    def grep_v(pattern, &block)
      __chain(:grep_v, [pattern]) do
        lambda do |y, v|
          x = v.size > 1 ? v : v[0]
          y << (block ? block.call(x) : x) unless pattern === x
        end
      end
    end

    # The eager Enumerable methods, made lazy again (CRuby's lazy_super).
    %i[chunk slice_before slice_after slice_when chunk_while].each do |m|
      define_method(m) { |*args, &block| super(*args, &block).lazy }
    end

    def inspect
      return "#<Enumerator::Lazy: uninitialized>" unless @method
      if @lazy_meth
        args = @lazy_args.empty? ? "" : "(#{@lazy_args.map(&:inspect).join(', ')})"
        "#<Enumerator::Lazy: #{@lazy_src.inspect}:#{@lazy_meth}#{args}>"
      else
        "#<Enumerator::Lazy: #{@lazy_src.inspect}>"
      end
    end
    alias to_s inspect

    private

    # `make_step` is called once per iteration and returns the step lambda
    # (y, values) -> STOP to end the iteration early, anything else to go on.
    # Arguments given to #each (force(*args), to_a(*args)) reach the source.
    def __lazy_init(src, size, meth, args, &make_step)
      @lazy_src = src
      @lazy_meth = meth
      @lazy_args = args
      gen = Generator.new do |y, *each_args|
        step = make_step.call
        tag = Object.new
        catch(tag) do
          src.each(*each_args) do |*v|
            throw tag if step.call(y, v).equal?(STOP)
          end
        end
      end
      __setup(gen, :each, [], {}, size)
    end

    def __chain(meth, args = [], size = nil, src = self, &make_step)
      Lazy.allocate.__send__(:__lazy_init, src, size, meth, args, &make_step)
          .__send__(:__describe, self, meth, args)
    end

    # The size function of an operation that keeps its source's size.
    def __same_size
      this = self
      -> { this.size }
    end

    def __describe(src, meth, args)
      @lazy_src = src
      @lazy_meth = meth
      @lazy_args = args
      self
    end
  end
end

module Enumerable
  def lazy
    Enumerator::Lazy.__from(self)
  end

  def chain(*others)
    Enumerator::Chain.new(self, *others)
  end
end
