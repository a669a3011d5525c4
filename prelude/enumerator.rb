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
# Known limitation: external iteration (next / peek) is done by buffering.
# The first call to #next runs the whole iteration and keeps every element,
# so it does not terminate for infinite enumerators (`loop { y << 1 }`) and
# side effects of the iteration happen all at once rather than step by step.
# CRuby uses a Fiber for this; carmine's prelude avoids Fibers.
class Enumerator
  include Enumerable

  # Enumerator.new(size = nil) { |yielder| ... }
  def initialize(size = nil, &block)
    raise ArgumentError, "tried to create Proc object without a block" unless block
    __setup(Generator.new(&block), :each, [], {}, size)
  end

  def each(*args, **kw, &block)
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
  def with_index(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:with_index, *args) { size } unless block_given?
    index = args.empty? || args[0].nil? ? 0 : RubyVM::Prelude.to_long(args[0])
    each do |*a|
      r = yield(a.size > 1 ? a : a[0], index)
      index += 1
      r
    end
  end

  def each_with_index
    return enum_for(:each_with_index) { size } unless block_given?
    index = 0
    each do |*a|
      r = yield(a.size > 1 ? a : a[0], index)
      index += 1
      r
    end
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
    else
      @size
    end
  end

  # ---- external iteration (buffered, see the note at the top) -----------

  def next
    values = next_values
    values.size > 1 ? values : values[0]
  end

  def next_values
    buffer = __buffer
    raise StopIteration, "iteration reached an end" if @position >= buffer.size
    values = buffer[@position]
    @position += 1
    values
  end

  def peek
    values = peek_values
    values.size > 1 ? values : values[0]
  end

  def peek_values
    buffer = __buffer
    raise StopIteration, "iteration reached an end" if @position >= buffer.size
    buffer[@position]
  end

  def rewind
    @receiver.rewind if @receiver.respond_to?(:rewind)
    @buffer = nil
    @position = 0
    self
  end

  def inspect
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
    @buffer = nil
    @position = 0
    self
  end

  # Every yielded value list, collected on first use.
  def __buffer
    if @buffer.nil?
      list = []
      each { |*a| list << a }
      @buffer = list
      @position = 0
    end
    @buffer
  end

  # The object handed to the block of Enumerator.new; it forwards values to
  # the block given to #each.
  class Yielder
    def initialize(&block)
      @proc = block
    end

    # y << value: passes one value on; returns the yielder so calls chain.
    def <<(value)
      @proc.call(value)
      self
    end

    # y.yield(a, b): passes the values on; returns what the block returned.
    def yield(*args)
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
