# Thread, Thread::Mutex, Thread::Queue, Thread::SizedQueue and
# Thread::ConditionVariable: green threads and their scheduler.
#
# Each thread's body runs on a root fiber of its own (Fiber.__thread_new).
# One thread runs at a time, as under CRuby's GVL, and it runs until it
# waits: join/value, an empty Queue#pop, a full SizedQueue#push, a held
# Mutex, ConditionVariable#wait, sleep, Thread.stop, Thread.pass. A new
# thread does not start at once: it waits its turn behind the running one.
# Not modelled: preemption. A thread that spins on a flag another thread
# sets, without ever waiting, spins for ever.
#
# The scheduler runs on the main thread, inside the wait that stopped it
# (`__schedule`). It takes the first ready thread of the run queue (in the
# order they began to wait) and runs it until it waits again (its root
# fiber goes back to the scheduler, from any fiber depth) or ends; until
# the main thread is the first ready one. A waiting thread is ready once
# its condition (a block the scheduler calls) holds, its deadline passed,
# or an exception was sent to it (Thread#raise, Thread#kill). Nothing
# ready: the scheduler sleeps until the nearest deadline, and with none it
# raises CRuby's `fatal` "No live threads left. Deadlock?" in the main
# thread.
#
# (The loops here are `while true`, not `loop`: `loop` would swallow a
# StopIteration, and ClosedQueueError is one.)
class Thread
  # Waiting threads (the main one too, while it waits) and new ones, in
  # the order they run.
  @queue = []
  # Every started thread not yet seen dead (for Thread.list).
  @all = []
  @main = nil
  @current = nil
  @abort_on_exception = false
  @report_on_exception = true

  class << self
    attr_accessor :abort_on_exception, :report_on_exception

    # (Thread.allocate is undefined, as in CRuby; this is its allocator.)
    alias __allocate allocate
    private :__allocate

    def allocate
      raise TypeError, "allocator undefined for #{self}"
    end

    def new(*args, &block)
      t = __allocate
      t.__send__(:initialize, *args, &block)
      unless t.instance_variable_get(:@__block)
        raise ThreadError, "uninitialized thread - check `#{self}#initialize'"
      end
      t
    end

    def start(*args, &block)
      raise ArgumentError, "tried to create Proc object without a block" unless block
      t = __allocate
      t.__send__(:__setup, args, block)
      t
    end
    alias fork start

    def main
      @main ||= __allocate.__send__(:__as_main)
    end

    def current
      @current || main
    end

    def list
      @all.select!(&:alive?)
      [main] + @all
    end

    # Every other ready thread runs once before this one goes on.
    def pass
      __wait(nil)
      nil
    end

    def stop
      t = current
      if t.equal?(main) && @queue.empty?
        raise ThreadError, "stopping only thread\n\tnote: use sleep to stop forever"
      end
      t.__send__(:__sleep, nil)
      nil
    end

    def exit
      current.kill
    end

    def kill(thread)
      thread.kill
    end

    def handle_interrupt(*) = yield
    def pending_interrupt?(*) = !current.instance_variable_get(:@__interrupt).nil?
    attr_writer :ignore_deadlock
    def ignore_deadlock = @ignore_deadlock || false

    def __now = Process.clock_gettime(Process::CLOCK_MONOTONIC)

    # The running thread's time slice is over (the VM's timer, in the
    # program's own code): the other ready threads run first.
    def __preempt
      __wait(nil) unless @queue.empty?
      nil
    end

    # Ctrl-C (or another signal whose default raises) in another thread:
    # the exception goes to the main thread (as CRuby delivers signals),
    # which runs next.
    def __signal_main(e = Interrupt.new(""))
      main.__send__(:__interrupt!, e)
      __wait(nil)
      nil
    end

    # Kernel#require of a feature another thread is loading waits here
    # until that load ends (CRuby's load lock); `key` is its path.
    def __wait_for_load(key)
      __wait(-> { !Fiber.__feature_loading?(key) })
      nil
    end

    # No other thread is alive (a wait has nothing to wait for).
    def __alone? = @queue.empty?

    def __enqueue(t)
      Fiber.__timeslice_start if @all.empty?
      @all << t
      @all.select!(&:alive?) if (@all.size & 255).zero?
      @queue << t
    end

    # The current thread waits until `cond` (a block; nil: nothing) holds
    # or `deadline` (a monotonic time; nil: none) passes, whichever comes
    # first, letting the threads ready before it run. `io` ([read fds,
    # write fds]) is what `cond` polls, for the scheduler to wait on when
    # nothing is ready. Raises what was sent to it meanwhile.
    def __wait(cond, deadline = nil, io = nil)
      t = current
      t.__send__(:__begin_wait, cond, deadline, io)
      # (The scheduler takes it off the queue when it runs it again.)
      @queue << t
      begin
        if t.equal?(main)
          __schedule(t)
        else
          Fiber.__thread_block
        end
      ensure
        t.__send__(:__end_wait)
      end
    end

    # Runs on the main thread while it waits: the ready threads take turns
    # until the main thread's own turn.
    def __schedule(me)
      while true
        i = @queue.index { |x| x.__send__(:__ready?) }
        unless i
          # Nothing can run: wait for a descriptor or a deadline.
          d = @queue.filter_map { |x| x.__send__(:__deadline) }.min
          ios = @queue.filter_map { |x| x.__send__(:__io) }
          rfds = ios.flat_map(&:first)
          wfds = ios.flat_map(&:last)
          if ios.empty? || (!d && RubyVM::FileIO.waits_forever?(rfds, wfds))
            __deadlock! unless d
            __sleep_without_threads([d - __now, 0].max)
          else
            RubyVM::FileIO.poll(rfds, wfds, d && [d - __now, 0].max)
          end
          next
        end
        t = @queue.delete_at(i)
        if t.equal?(me)
          e = t.__send__(:__take_interrupt)
          raise e if e
          return
        end
        __run(t)
      end
    rescue Exception
      # (Its turn is over: deadlock, Ctrl-C, abort_on_exception.)
      i = @queue.index { |x| x.equal?(me) }
      @queue.delete_at(i) if i
      raise
    end

    # Runs thread `t` until it waits or ends.
    def __run(t)
      @current = t
      fiber, e = t.__send__(:__resume_args)
      args = t.instance_variable_get(:@__args)
      begin
        value = Fiber.__thread_resume(fiber, e, args)
        t.__send__(:__finish, :done, value) unless fiber.alive?
      rescue Exception => e
        t.__send__(:__failed, e)
      ensure
        @current = nil
      end
    end

    # The blocked thread cannot go on: CRuby reports a deadlock.
    def __deadlock!
      raise RubyVM::Prelude::FATAL, "No live threads left. Deadlock?"
    end
  end

  def initialize(*args, &block)
    Kernel.raise ThreadError, "already initialized thread" if @__block
    Kernel.raise ThreadError, "must be called with a block" unless block
    __setup(args, block)
  end

  def __setup(args, block)
    @__args = args
    @__block = block
    @__status = :pending
    @__fiber = Fiber.__thread_new(block)
    @__locals = {}
    @__vars = {}
    @report_on_exception = Thread.report_on_exception
    @abort_on_exception = false
    @__group = Thread.current.group
    # A thread made inside a Ractor belongs to it (prelude/ractor.rb).
    if (r = Thread.current.instance_variable_get(:@__ractor))
      @__ractor = r
      r.__send__(:__thread_started, self)
    end
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

  # ---- the scheduler's view of a thread ------------------------------

  def __begin_wait(cond, deadline, io)
    @__cond = cond
    @__deadline = deadline
    @__io = io
    @__waiting = !cond.nil? || !deadline.nil?
  end

  def __end_wait
    @__cond = @__deadline = @__io = nil
    @__waiting = false
  end

  def __deadline = @__deadline
  def __io = @__io

  # While set, what is sent to it waits (Mutex#sleep's relock).
  def __defer_interrupts(on)
    @__deferring = on
  end

  def __ready?
    return true if @__interrupt && !@__deferring
    return true if @__deadline && Thread.__now >= @__deadline
    return @__cond.call if @__cond
    @__deadline.nil?
  end

  def __interrupt!(e)
    @__interrupt = e
  end

  def __take_interrupt
    e = @__interrupt
    @__interrupt = nil
    e
  end

  # The root fiber and what its wait raises (nil: nothing).
  def __resume_args
    @__status = :running if @__status == :pending
    e = @__deferring ? nil : __take_interrupt
    # Killed: it runs its ensure clauses now ("aborting").
    @__aborting = true if e.is_a?(Kill)
    [@__fiber, e]
  end

  def __finish(status, value)
    @__status = status
    @__value = value
    @__fiber = nil
  end

  # Its body raised `e` (reported while the thread still runs, as CRuby
  # does); the main thread gets it with abort_on_exception.
  # (A kill never gets here: Fiber.__thread_resume ends the thread.)
  def __failed(e)
    __report(e) if @report_on_exception && !e.is_a?(SystemExit)
    @__exception = e
    __finish(:failed, nil)
    Kernel.raise e if @abort_on_exception || Thread.abort_on_exception
  end

  def __report(e)
    $stderr.puts "#{inspect} terminated with exception (report_on_exception is true):"
    $stderr.write RubyVM::Prelude.error_report(e)
  end

  # Sleeps until woken (`wakeup`, `run`), or for `secs` seconds; the
  # seconds slept (rounded), or nil when a timeout ran out (`timed_out`).
  def __sleep(secs, timed_out = false)
    start = Thread.__now
    deadline = secs && start + secs
    @__woken = false
    until @__woken || (deadline && Thread.__now >= deadline)
      if Thread.__alone?
        Thread.__deadlock! unless deadline
        __sleep_without_threads(deadline - Thread.__now)
        break
      end
      Thread.__wait(-> { @__woken }, deadline)
    end
    return nil if timed_out && !@__woken
    (Thread.__now - start).round
  end

  private :__begin_wait, :__end_wait, :__deadline, :__io, :__defer_interrupts, :__ready?, :__interrupt!, :__take_interrupt,
          :__resume_args, :__finish, :__failed, :__report, :__sleep

  # ---- the Thread API ------------------------------------------------

  attr_accessor :report_on_exception, :abort_on_exception
  attr_reader :name

  def join(limit = nil)
    unless limit.nil? || limit.is_a?(Numeric)
      Kernel.raise TypeError, "can't convert #{limit.class} into Float"
    end
    Kernel.raise ThreadError, "Target thread must not be current thread" if equal?(Thread.current)
    Kernel.raise ThreadError, "Target thread must not be main thread" if @__main
    deadline = limit && Thread.__now + limit.to_f
    while alive?
      return nil if deadline && Thread.__now >= deadline
      Thread.__wait(-> { !alive? }, deadline)
    end
    Kernel.raise @__exception if @__status == :failed
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
    !alive? || !!@__waiting
  end

  def status
    case @__status
    when :pending then "run"
    when :running
      if @__waiting then "sleep"
      elsif @__aborting then "aborting"
      else "run"
      end
    when :failed then nil
    else false
    end
  end

  def kill
    return self unless alive?
    if @__main
      Kernel.exit if equal?(Thread.current)
      @__interrupt = SystemExit.new(0, "exit")
    elsif equal?(Thread.current)
      @__aborting = true
      Kernel.raise Kill
    else
      # It ends when it runs next (before its body starts, if it has not).
      @__interrupt = Kill.new
    end
    self
  end
  alias exit kill
  alias terminate kill

  def raise(*args)
    # (No arguments: a RuntimeError, even inside a rescue clause.)
    args = [RuntimeError, ""] if args.empty?
    return Kernel.raise(*args) if equal?(Thread.current)
    return nil unless alive?
    e = begin
      Kernel.raise(*args)
    rescue Exception => x
      x
    end
    @__interrupt = e
    nil
  end

  def wakeup
    Kernel.raise ThreadError, "killed thread" unless alive?
    @__woken = true
    self
  end

  def run
    wakeup
    Thread.pass
    self
  end

  # Thread#[] and friends are fiber-local, as in CRuby: the running
  # fiber's own for the current thread, another thread's root fiber's.
  def [](key)
    __locals[__local_key(key)]
  end

  def []=(key, value)
    Kernel.raise FrozenError, "can't modify frozen thread locals" if frozen?
    k = __local_key(key)
    value.nil? ? __locals.delete(k) : __locals[k] = value
    value
  end

  def key?(key) = __locals.key?(__local_key(key))
  def keys = __locals.keys

  def fetch(*args)
    unless (1..2).cover?(args.size)
      Kernel.raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..2)"
    end
    k = __local_key(args[0])
    if block_given? && args.size == 2
      warn("warning: block supersedes default value argument", uplevel: 1)
    end
    return __locals[k] if __locals.key?(k)
    return yield(k) if block_given?
    return args[1] if args.size == 2
    Kernel.raise KeyError.new("key not found: #{k.inspect}", receiver: self, key: k)
  end

  def thread_variable_get(key) = @__vars[__var_key(key)]

  def thread_variable_set(key, value)
    Kernel.raise FrozenError, "can't modify frozen thread locals" if frozen?
    k = __var_key(key)
    value.nil? ? @__vars.delete(k) : @__vars[k] = value
    value
  end

  def thread_variable?(key) = @__vars.key?(__var_key(key))
  def thread_variables = @__vars.keys

  def name=(name)
    unless name.nil? || name.is_a?(String)
      unless name.respond_to?(:to_str)
        Kernel.raise TypeError, "no implicit conversion of #{name.class} into String"
      end
      name = name.to_str
    end
    Kernel.raise ArgumentError, "thread name must not contain NUL" if name&.include?("\0")
    @name = name
  end

  def priority = @priority || 0

  def priority=(n)
    Kernel.raise TypeError, "no implicit conversion of #{n.class} into Integer" unless n.is_a?(Integer)
    @priority = n.clamp(-3, 3)
  end

  def pending_interrupt?(*) = !@__interrupt.nil?

  private

  # (A root fiber's live on the Thread, another fiber's on the Fiber.)
  def __locals
    return @__locals if !equal?(Thread.current) || Fiber.__in_root?
    f = Fiber.current
    f.instance_variable_get(:@__locals) || f.instance_variable_set(:@__locals, {})
  end

  # A key as a Symbol (`what` names the kinds in the TypeError).
  def __local_key(key, what = "a symbol nor a string")
    return key if key.is_a?(Symbol)
    return key.to_sym if key.is_a?(String)
    return key.to_str.to_sym if key.respond_to?(:to_str)
    Kernel.raise TypeError, "#{key.inspect} is not #{what}"
  end

  def __var_key(key) = __local_key(key, "a symbol")

  public

  # Its ThreadGroup.
  def group = @__group || ThreadGroup::Default

  def __group=(g)
    @__group = g
  end
  private :__group=

  # Where it runs or waits (nil once dead). A thread that waits inside a
  # fiber shows the frames of its root fiber.
  def backtrace(*args)
    return nil unless alive?
    return caller(0, *args)[1..] if equal?(Thread.current) && args.empty?
    bt = (@__fiber && Fiber.__thread_backtrace(@__fiber)) || []
    bt.shift if bt[0]&.end_with?("`__thread_block'")
    args.empty? ? bt : bt[*args]
  end

  def inspect
    state = case @__status
            when :pending then "run"
            when :running
              if !@__waiting then (@__aborting ? "aborting" : "run")
              elsif @__deadline then "sleep"
              else "sleep_forever"
              end
            else "dead"
            end
    label = @name ? "@#{@name} " : ""
    file, line = @__block&.source_location
    label += "#{file}:#{line} " if file
    addr = Kernel.instance_method(:to_s).bind_call(self)[/0x\h+/]
    "#<Thread:#{addr} #{label}#{state}>".sub(" >", ">")
  end
  alias to_s inspect

  # Raised inside a thread to end it (Thread#kill).
  class Kill < Exception; end
  private_constant :Kill
  Fiber.__thread_kill_class = Kill

  class Mutex
    def initialize
      @owner = nil
    end

    def lock
      t = Thread.current
      raise ThreadError, "deadlock; recursive locking" if @owner.equal?(t)
      # A thread that ended holding it gives it up (as CRuby).
      Thread.__wait(-> { @owner.nil? || !@owner.alive? }) while @owner&.alive?
      @owner = t
      self
    end

    def try_lock
      return false if @owner&.alive?
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

    # (A thread that ended holding it gave it up.)
    def locked? = !@owner.nil? && @owner.alive?
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

    # Unlocks, sleeps until woken or `timeout` seconds passed, locks again:
    # the seconds slept (nil when the timeout ran out).
    def sleep(timeout = nil)
      raise ArgumentError, "time interval must not be negative" if timeout&.negative?
      unlock
      begin
        Thread.current.__send__(:__sleep, timeout, true)
      ensure
        __relock
      end
    end

    private

    # Locks again after a sleep even if the thread is killed or sent an
    # exception while it waits for the lock (as CRuby): that is raised
    # once it holds the lock.
    def __relock
      t = Thread.current
      t.__send__(:__defer_interrupts, true)
      begin
        Thread.__wait(-> { @owner.nil? || !@owner.alive? }) while @owner&.alive? && !@owner.equal?(t)
        @owner = t
      ensure
        t.__send__(:__defer_interrupts, false)
      end
      e = t.__send__(:__take_interrupt)
      raise e if e
    end
  end

  class ConditionVariable
    def initialize
      @waiters = []
    end

    # Sleeps (the mutex unlocked) until signalled or `timeout` seconds
    # passed: what Mutex#sleep returns.
    def wait(mutex, timeout = nil)
      t = Thread.current
      @waiters << t
      begin
        mutex.sleep(timeout)
      ensure
        @waiters.delete(t)
      end
    end

    def signal
      t = @waiters.shift
      t.wakeup if t&.alive?
      self
    end

    def broadcast
      @waiters.each { |t| t.wakeup if t.alive? }
      @waiters.clear
      self
    end

    def marshal_dump
      raise TypeError, "can't dump #{self.class}"
    end
  end

  class Queue
    def initialize(items = nil)
      if items.nil?
        @items = []
      else
        unless items.respond_to?(:to_a)
          raise TypeError, "can't convert #{items.class} into Array"
        end
        a = items.to_a
        unless a.is_a?(Array)
          raise TypeError, "can't convert #{items.class} to Array (#{items.class}#to_a gives #{a.class})"
        end
        @items = a.dup
      end
      @closed = false
      @waiting = 0
    end

    def push(obj)
      raise ClosedQueueError, "queue closed" if @closed
      @items.push(obj)
      self
    end
    alias << push
    alias enq push

    def pop(non_block = false, timeout: nil)
      deadline = timeout && Thread.__now + timeout
      while @items.empty?
        raise ThreadError, "queue empty" if non_block
        return nil if @closed || (deadline && Thread.__now >= deadline)
        __wait(-> { !@items.empty? || @closed }, deadline)
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
    def num_waiting = @waiting

    def marshal_dump
      raise TypeError, "can't dump #{self.class}"
    end

    private

    def __wait(cond, deadline)
      @waiting += 1
      Thread.__wait(cond, deadline)
    ensure
      @waiting -= 1
    end
  end

  class SizedQueue < Queue
    attr_reader :max

    def initialize(max)
      max = RubyVM::Prelude.to_long(max)
      raise ArgumentError, "queue size must be positive" unless max.positive?
      super()
      @max = max
    end

    def max=(n)
      n = RubyVM::Prelude.to_long(n)
      raise ArgumentError, "queue size must be positive" unless n.positive?
      @max = n
    end

    def push(obj, non_block = false, timeout: nil)
      deadline = timeout && Thread.__now + timeout
      while true
        raise ClosedQueueError, "queue closed" if @closed
        break if @items.size < @max
        raise ThreadError, "queue full" if non_block
        return nil if deadline && Thread.__now >= deadline
        __wait(-> { @items.size < @max || @closed }, deadline)
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
  # Sleeping makes the current thread wait (Thread#wakeup ends it early):
  # the other threads run meanwhile.
  alias __sleep_without_threads sleep
  private :__sleep_without_threads

  def sleep(*args)
    return __sleep_without_threads(*args) if Thread.__alone? || args.size > 1
    secs = args[0]
    unless secs.nil? || secs.is_a?(Numeric)
      raise TypeError, "can't convert #{secs.class} into time interval"
    end
    raise ArgumentError, "time interval must not be negative" if secs&.negative?
    Thread.current.__send__(:__sleep, secs&.to_f)
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

# Groups of threads: a new thread joins its creator's group.
class ThreadGroup
  def list = Thread.list.select { |t| t.group.equal?(self) }

  def add(thread)
    if enclosed?
      Kernel.raise ThreadError, "can't move to the enclosed thread group"
    end
    if thread.group&.enclosed?
      Kernel.raise ThreadError, "can't move from the enclosed thread group"
    end
    thread.__send__(:__group=, self)
    self
  end

  def enclose
    @enclosed = true
    self
  end

  def enclosed? = @enclosed == true

  Default = new
end
