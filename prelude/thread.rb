# Thread, Thread::Mutex, Thread::Queue, Thread::SizedQueue and
# Thread::ConditionVariable as a deterministic cooperative model.
#
# carmine runs one Ruby thread of control. A new Thread does not start at
# once: it waits, as a CRuby thread waits for the GVL, until something waits
# for it. Joining a thread (join, value) runs that thread; blocking on
# anything else (an empty Queue#pop, a full SizedQueue#push,
# ConditionVariable#wait, a held Mutex, sleep, Thread.pass) runs every
# waiting thread, in creation order. A started thread runs to completion,
# nested on the stack of the thread that waited for it.
# Programs that join their threads print what they print under CRuby in the
# usual (scheduler-independent) order; a thread that blocks with nothing
# left to run raises CRuby's `fatal` "No live threads left. Deadlock?".
# Not modelled: a thread waiting for one suspended under it (ping-pong over
# two queues deadlocks here), preemption (a thread that spins until another
# thread sets a flag never ends if it starts first), and timeouts (they
# expire at once when nothing else can run). A nested producer overfills a
# SizedQueue instead of waiting for its consumer.
class Thread
  @pending = []
  @main = nil
  @current = nil
  @abort_on_exception = false
  @report_on_exception = true

  class << self
    attr_accessor :abort_on_exception, :report_on_exception

    def new(*args, &block)
      raise ThreadError, "must be called with a block" unless block
      t = allocate
      t.__send__(:initialize, *args, &block)
      unless t.instance_variable_get(:@__block)
        raise ThreadError, "uninitialized thread - check #{self}#initialize"
      end
      t
    end

    def start(*args, &block)
      raise ThreadError, "must be called with a block" unless block
      t = allocate
      t.__send__(:__setup, args, block)
      t
    end
    alias fork start

    def main
      @main ||= allocate.__send__(:__as_main)
    end

    def current
      @current || main
    end

    def list
      [main] + @all_started.to_a.select(&:alive?)
    end

    def pass
      __run_pending
      nil
    end

    def stop
      __run_pending
      nil
    end

    def exit
      current.kill
    end
    alias kill exit

    def handle_interrupt(*) = yield
    def pending_interrupt?(*) = false

    # Runs every thread still waiting to start, in creation order.
    def __run_pending
      while (t = @pending.shift)
        t.__send__(:__run)
      end
    end

    def __run_one(t)
      @pending.delete(t)
      t.__send__(:__run)
    end

    def __enqueue(t)
      (@all_started ||= []) << t
      @pending << t
    end

    def __pending?(t) = @pending.include?(t)

    def __switch(t)
      prev = @current
      @current = t
      yield
    ensure
      @current = prev
    end

    # The blocked thread cannot go on: CRuby reports a deadlock.
    def __deadlock!
      raise RubyVM::Prelude::FATAL, "No live threads left. Deadlock?"
    end
  end

  def initialize(*args, &block)
    raise ThreadError, "must be called with a block" unless block
    __setup(args, block)
  end

  def __setup(args, block)
    @__args = args
    @__block = block
    @__status = :pending
    @__locals = {}
    @__vars = {}
    @report_on_exception = Thread.report_on_exception
    @abort_on_exception = false
    @__group = nil
    Thread.__enqueue(self)
    self
  end
  private :__setup

  def __as_main
    @__status = :running
    @__locals = {}
    @__vars = {}
    @__main = true
    @report_on_exception = true
    @abort_on_exception = false
    self
  end
  private :__as_main

  def __run
    return unless @__status == :pending
    @__status = :running
    Thread.__switch(self) do
      @__value = Fiber.__thread_root(@__block, @__args)
      @__status = :done
    rescue Kill
      @__status = :done
    rescue Exception => e
      # Reported while it still runs, as CRuby does.
      __report(e) if @report_on_exception
      @__status = :failed
      @__exception = e
      raise e if @abort_on_exception || Thread.abort_on_exception
    end
  end
  private :__run

  def __report(e)
    $stderr.puts "#{inspect} terminated with exception (report_on_exception is true):"
    $stderr.puts e.full_message(highlight: false)
  end
  private :__report

  attr_accessor :report_on_exception, :abort_on_exception, :name, :priority

  def join(limit = nil)
    raise ThreadError, "Target thread must not be current thread" if equal?(Thread.current)
    # Only the joined thread starts here: a waiting thread that spins on
    # a flag the joiner sets later (`until stop`) must not run first.
    Thread.__run_one(self) if Thread.__pending?(self)
    if @__status == :running
      # Suspended further up this stack: it cannot finish while we wait.
      return nil if limit
      Thread.__deadlock!
    end
    raise @__exception if @__status == :failed
    self
  end

  def value
    join
    @__value
  end

  def alive?
    @__status == :pending || @__status == :running
  end

  def stop?
    !alive?
  end

  def status
    case @__status
    when :pending, :running then "run"
    when :failed then nil
    else false
    end
  end

  def kill
    if @__status == :pending
      @__status = :done
    elsif equal?(Thread.current) && !@__main
      raise Kill
    elsif @__main
      Kernel.exit
    end
    self
  end
  alias exit kill
  alias terminate kill

  def wakeup = self
  def run = (Thread.__run_pending; self)

  def [](key)
    @__locals[key.is_a?(String) ? key.to_sym : key]
  end

  def []=(key, value)
    @__locals[key.is_a?(String) ? key.to_sym : key] = value
  end

  def key?(key)
    @__locals.key?(key.is_a?(String) ? key.to_sym : key)
  end

  def keys = @__locals.keys

  def fetch(key, *default)
    k = key.is_a?(String) ? key.to_sym : key
    return @__locals[k] if @__locals.key?(k)
    return yield(k) if block_given?
    return default[0] unless default.empty?
    raise KeyError.new("key not found: #{k.inspect}", receiver: self, key: k)
  end

  def thread_variable_get(key) = @__vars[key.to_sym]
  def thread_variable_set(key, value)
    @__vars[key.to_sym] = value
  end
  def thread_variable?(key) = @__vars.key?(key.to_sym)
  def thread_variables = @__vars.keys

  def group = nil
  def backtrace(*) = []

  def inspect
    state = case @__status
            when :pending, :running then equal?(Thread.current) ? "run" : "run"
            else "dead"
            end
    label = @name ? "@#{@name} " : ""
    file, line = @__block&.source_location
    label += "#{file}:#{line} " if file
    "#<Thread:0x#{'%016x' % (object_id * 8)} #{label}#{state}>".sub(" >", ">")
  end
  alias to_s inspect

  # Raised inside a thread to end it (Thread#kill on the current thread).
  class Kill < Exception; end
  private_constant :Kill

  class Mutex
    def initialize
      @owner = nil
    end

    def lock
      if @owner
        raise ThreadError, "deadlock; recursive locking" if @owner.equal?(Thread.current)
        Thread.__run_pending
        Thread.__deadlock! if @owner
      end
      @owner = Thread.current
      self
    end

    def try_lock
      return false if @owner
      @owner = Thread.current
      true
    end

    def unlock
      raise ThreadError, "Attempt to unlock a mutex which is not locked" unless @owner
      unless @owner.equal?(Thread.current)
        raise ThreadError, "Attempt to unlock a mutex which is locked by another thread/fiber"
      end
      @owner = nil
      self
    end

    def locked? = !@owner.nil?
    def owned? = !@owner.nil? && @owner.equal?(Thread.current)

    def synchronize
      raise ThreadError, "must be called with a block" unless block_given?
      lock
      begin
        yield
      ensure
        unlock if owned?
      end
    end

    def sleep(timeout = nil)
      unlock
      Thread.__run_pending
      lock
      timeout&.round
    end
  end

  class ConditionVariable
    def initialize
      @waiters = 0
    end

    def wait(mutex, timeout = nil)
      mutex.unlock
      Thread.__run_pending
      mutex.lock
      self
    end

    def signal = self
    def broadcast = self
  end

  class Queue
    def initialize(items = nil)
      @items = items ? items.to_a.dup : []
      @closed = false
    end

    def push(obj)
      raise ClosedQueueError, "queue closed" if @closed
      @items.push(obj)
      self
    end
    alias << push
    alias enq push

    def pop(non_block = false, timeout: nil)
      if @items.empty?
        raise ThreadError, "queue empty" if non_block
        Thread.__run_pending unless @closed
        if @items.empty?
          return nil if @closed || timeout
          Thread.__deadlock!
        end
      end
      @items.shift
    end
    alias shift pop
    alias deq pop

    def close
      @closed = true
      self
    end

    def closed? = @closed
    def empty? = @items.empty?
    def size = @items.size
    alias length size
    def clear = (@items.clear; self)
    def num_waiting = 0

    def marshal_dump
      raise TypeError, "can't dump #{self.class}"
    end
  end

  class SizedQueue < Queue
    attr_reader :max

    def initialize(max)
      raise TypeError, "no implicit conversion of #{max.class} into Integer" unless max.is_a?(Integer)
      raise ArgumentError, "queue size must be positive" unless max.positive?
      super()
      @max = max
    end

    def max=(n)
      raise ArgumentError, "queue size must be positive" unless n.positive?
      @max = n
    end

    def push(obj, non_block = false, timeout: nil)
      raise ClosedQueueError, "queue closed" if @closed
      if @items.size >= @max
        raise ThreadError, "queue full" if non_block
        Thread.__run_pending
        if @items.size >= @max
          return nil if timeout
          # Only a thread suspended under this one could make room, and it
          # cannot run until this one ends: go over the bound rather than
          # deadlock (the consumer still sees every item, in order).
          Thread.__deadlock! if Thread.current.equal?(Thread.main)
        end
      end
      @items.push(obj)
      self
    end
    alias << push
    alias enq push
  end
end

Mutex = Thread::Mutex
Queue = Thread::Queue
SizedQueue = Thread::SizedQueue
ConditionVariable = Thread::ConditionVariable

module Kernel
  # Sleeping blocks the current thread: the waiting threads run first.
  alias __sleep_without_threads sleep
  private :__sleep_without_threads

  def sleep(*args)
    Thread.__run_pending
    __sleep_without_threads(*args)
  end
  private :sleep
end

# Backtrace locations (Exception#backtrace_locations, caller_locations):
# made from the backtrace's lines, which carry the same fields.
class Thread
  class Backtrace
    class Location
      def initialize(line)
        @line = line
        if (m = /\A(.*?):(\d+)(?::in `(.*)')?\z/m.match(line))
          @path = m[1]
          @lineno = m[2].to_i
          @label = m[3]
        else
          @path = line
          @lineno = 0
          @label = nil
        end
      end

      attr_reader :path, :lineno, :label

      def absolute_path
        @path.start_with?("-", "<") ? nil : File.expand_path(@path)
      end

      def base_label
        @label&.sub(/\A(?:(?:block|rescue|ensure) (?:\(\d+ levels\) )?in )+/, "")
      end

      def to_s = @line
      def inspect = @line.inspect
    end
  end
end

class Exception
  def backtrace_locations
    bt = __backtrace_lines
    bt&.map { |l| Thread::Backtrace::Location.new(l) }
  end
end

module Kernel
  def caller_locations(start = 1, length = nil)
    if start.is_a?(Range)
      lines = caller(start.begin + 1..(start.end.nil? ? nil : start.end + 1))
    else
      raise ArgumentError, "negative level (#{start})" if start.to_i < 0
      lines = caller(start.to_i + 1, length)
    end
    lines&.map { |l| Thread::Backtrace::Location.new(l) }
  end
  private :caller_locations
end
