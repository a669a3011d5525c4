# frozen_string_literal: true
#
# Monitor and MonitorMixin: reentrant mutual exclusion on top of
# Thread::Mutex (see prelude/thread.rb for carmine's thread model).
class Monitor
  def initialize
    @mon_mutex = Thread::Mutex.new
    @mon_owner = nil
    @mon_count = 0
  end

  def enter
    if @mon_owner.equal?(Thread.current)
      @mon_count += 1
    else
      @mon_mutex.lock
      @mon_owner = Thread.current
      @mon_count = 1
    end
    nil
  end
  alias mon_enter enter

  def try_enter
    if @mon_owner.equal?(Thread.current)
      @mon_count += 1
      return true
    end
    return false unless @mon_mutex.try_lock
    @mon_owner = Thread.current
    @mon_count = 1
    true
  end
  alias try_mon_enter try_enter
  alias mon_try_enter try_enter

  def exit
    mon_check_owner
    @mon_count -= 1
    if @mon_count.zero?
      @mon_owner = nil
      @mon_mutex.unlock
    end
    nil
  end
  alias mon_exit exit

  def synchronize
    enter
    begin
      yield
    ensure
      exit
    end
  end
  alias mon_synchronize synchronize

  def mon_locked? = @mon_mutex.locked?
  def mon_owned? = @mon_mutex.locked? && @mon_owner.equal?(Thread.current)

  def mon_check_owner
    return if mon_owned?
    raise ThreadError, "current fiber not owner"
  end

  def new_cond = MonitorMixin::ConditionVariable.new(self)

  def wait_for_cond(cond, timeout)
    count = @mon_count
    @mon_owner = nil
    @mon_count = 0
    cond.wait(@mon_mutex, timeout)
    @mon_owner = Thread.current
    @mon_count = count
    true
  end
end

module MonitorMixin
  class ConditionVariable
    def initialize(monitor)
      @monitor = monitor
      @cond = Thread::ConditionVariable.new
    end

    def wait(timeout = nil)
      @monitor.mon_check_owner
      @monitor.wait_for_cond(@cond, timeout)
    end

    def wait_while
      wait while yield
    end

    def wait_until
      wait until yield
    end

    def signal
      @monitor.mon_check_owner
      @cond.signal
    end

    def broadcast
      @monitor.mon_check_owner
      @cond.broadcast
    end
  end

  def self.extended(obj)
    obj.__send__(:mon_initialize)
  end

  def initialize(...)
    super
    mon_initialize
  end

  def mon_initialize
    @mon_data = ::Monitor.new
  end

  def mon_enter = @mon_data.enter
  def mon_exit = @mon_data.exit
  def mon_try_enter = @mon_data.try_enter
  alias try_mon_enter mon_try_enter
  def mon_locked? = @mon_data.mon_locked?
  def mon_owned? = @mon_data.mon_owned?

  def mon_synchronize(&block)
    @mon_data.synchronize(&block)
  end
  alias synchronize mon_synchronize

  def new_cond = ::MonitorMixin::ConditionVariable.new(@mon_data)
end
