# Signals: Signal.list/signame/trap, Kernel#trap, Process.kill and
# SignalException's signal number (CRuby's signal.c). Trapping a signal
# hooks it in the VM (RubyVM::FileIO.signal_trap), whose hook only sets a
# flag; the handler runs in Ruby at the next safepoint of the program's
# code, sleep or IO wait (Signal.__deliver). A signal the program never
# trapped keeps the system's action, except INT, which raises Interrupt.

module Signal
  # CRuby 3.1's Signal.list on Linux, in its order.
  LIST = {
    "EXIT" => 0, "HUP" => 1, "INT" => 2, "QUIT" => 3, "ILL" => 4, "TRAP" => 5,
    "ABRT" => 6, "IOT" => 6, "FPE" => 8, "KILL" => 9, "BUS" => 7, "SEGV" => 11,
    "SYS" => 31, "PIPE" => 13, "ALRM" => 14, "TERM" => 15, "URG" => 23,
    "STOP" => 19, "TSTP" => 20, "CONT" => 18, "CHLD" => 17, "CLD" => 17,
    "TTIN" => 21, "TTOU" => 22, "IO" => 29, "XCPU" => 24, "XFSZ" => 25,
    "VTALRM" => 26, "PROF" => 27, "WINCH" => 28, "USR1" => 10, "USR2" => 12,
    "PWR" => 30, "POLL" => 29
  }.freeze
  # Kept by the VM (CRuby's reserved_signal_p).
  RESERVED = %w[SEGV BUS ILL FPE VTALRM].freeze
  # Whose default action CRuby replaces by raising SignalException.
  RAISING = [1, 2, 3, 10, 12, 14, 15].freeze
  @handlers = {}

  def self.list = LIST.dup

  def self.signame(signo)
    signo = Integer(signo)
    return nil if signo <= 0
    LIST.key(signo)
  end

  # The signal number of an Integer, a name or a Symbol (with or without
  # SIG), as trap and kill take them.
  def self.__signo(sig, negative: false)
    case sig
    when Integer
      return sig if negative && sig.abs <= 64
      raise ArgumentError, "invalid signal number (#{sig})" unless sig.between?(0, 64)
      sig
    when String, Symbol
      name = sig.to_s
      neg = negative && name.start_with?("-")
      name = name[1..] if neg
      name = name[3..] if name.start_with?("SIG")
      n = LIST.fetch(name) { raise ArgumentError, "unsupported signal `SIG#{name}'" }
      neg ? -n : n
    else
      raise ArgumentError, "bad signal type #{sig.class}"
    end
  end

  def self.trap(sig, *command, &block)
    if command.size > 1
      raise ArgumentError, "wrong number of arguments (given #{command.size + 1}, expected 1..2)"
    end
    signo = __signo(sig)
    name = "SIG#{LIST.key(signo)}"
    raise ArgumentError, "can't trap reserved signal: #{name}" if RESERVED.include?(name[3..])
    raise Errno::EINVAL, name if signo == 9 || signo == 19
    if command.empty?
      raise ArgumentError, "tried to create Proc object without a block" unless block
      handler = block
    else
      handler = case (c = command[0])
                when nil then nil
                when "", "SIG_IGN", "IGNORE" then "IGNORE"
                when "SIG_DFL", "DEFAULT" then "DEFAULT"
                when "SYSTEM_DEFAULT", "EXIT" then c
                when String then c.dup.freeze
                else
                  raise ArgumentError, "wrong trap - #{c.inspect}" unless c.respond_to?(:call)
                  c
                end
    end
    old = @handlers.fetch(signo) { signo.zero? ? nil : "DEFAULT" }
    own = handler != "DEFAULT" && handler != "SYSTEM_DEFAULT"
    own ||= signo == 2 && handler == "SYSTEM_DEFAULT"
    unless RubyVM::FileIO.signal_trap(signo, own)
      raise ArgumentError, "can't trap reserved signal: #{name}"
    end
    @handlers[signo] = handler
    old
  end

  # The handlers of the signals that arrived (the VM calls it).
  def self.__deliver
    while (signo = RubyVM::FileIO.signal_take)
      __run(signo)
    end
    nil
  end

  def self.__run(signo)
    handler = @handlers.fetch(signo, "DEFAULT")
    case handler
    when nil, "IGNORE" then nil
    when "EXIT" then exit
    when "DEFAULT", "SYSTEM_DEFAULT"
      if signo == 2 && handler == "SYSTEM_DEFAULT"
        RubyVM::FileIO.signal_default(signo)
      elsif RAISING.include?(signo) && handler == "DEFAULT"
        e = signo == 2 ? Interrupt.new("") : SignalException.new(signo)
        if Thread.current.equal?(Thread.main)
          raise e
        else
          Thread.__signal_main(e)
        end
      else
        RubyVM::FileIO.signal_default(signo)
      end
    # (Evaluated with Signal as self; CRuby's self is the top-level main.)
    when String then eval(handler)
    else handler.call(signo)
    end
  end

  # trap("EXIT")'s handler, which runs before the at_exit blocks.
  def self.__exit_handler
    case @handlers[0]
    when nil, "IGNORE", "DEFAULT", "SYSTEM_DEFAULT" then nil
    else proc { __run(0) }
    end
  end
  private_class_method :__run
end

module Kernel
  def trap(sig, *command, &block) = Signal.trap(sig, *command, &block)
  module_function :trap
end

module Process
  # Sends `sig` to each pid; the count. A signal this process sends
  # itself is handled before kill returns, as CRuby does.
  def self.kill(sig, *pids)
    if pids.empty?
      raise ArgumentError, "wrong number of arguments (given 1, expected 2+)"
    end
    signo = Signal.__signo(sig, negative: true)
    pids = pids.map { |p| Integer(p) }
    pids.each do |pid|
      err = RubyVM::FileIO.kill(signo, pid)
      raise RubyVM::Prelude::ERRNO_CLASSES[err] if err && RubyVM::Prelude::ERRNO_CLASSES[err]
      raise SystemCallError.new(nil, err) if err
      next unless signo.positive? && pid == Process.pid
      # (Each one: the hook's flag holds one arrival.)
      RubyVM::FileIO.signal_await(signo)
      Signal.__deliver
    end
    pids.size
  end
end

class SignalException
  def initialize(sig = (none = true), *rest)
    if none
      raise ArgumentError, "wrong number of arguments (given 0, expected 1..2)"
    end
    if sig.is_a?(Integer)
      if rest.size > 1
        raise ArgumentError, "wrong number of arguments (given #{rest.size + 1}, expected 1..2)"
      end
      @signo = Signal.__signo(sig)
      name = Signal.signame(sig)
      super(rest.empty? ? (name ? "SIG#{name}" : "SIG#{sig}") : rest[0])
    else
      unless rest.empty?
        raise ArgumentError, "wrong number of arguments (given #{rest.size + 1}, expected 1)"
      end
      name = sig.is_a?(Symbol) ? sig.to_s : String.try_convert(sig)
      raise ArgumentError, "bad signal type #{sig.class}" unless name
      @signo = Signal.__signo(name)
      super("SIG#{name.delete_prefix("SIG")}")
    end
  end

  def signo = @signo || (is_a?(Interrupt) ? 2 : nil)
  def signm = message
end

class Interrupt
  def initialize(msg = "Interrupt")
    super(2, msg)
  end
end
