# frozen_string_literal: true
#
# carmine's io/console.so: the IO methods of CRuby's console.c over the
# terminal calls of RubyVM::Console (src/builtins/ext/console.rs), which
# answer an Integer errno on failure. As console.c, the block forms
# (raw, cooked, noecho, getch, getpass) raise it without the IO's path,
# the others with it. console_mode keeps only the echo flag of the
# terminal's settings; the Windows-only pressed? and
# check_winsize_changed are not provided.
class IO
  module RubyVM_ConsoleSupport # :nodoc:
    module_function

    def path_of(io)
      case io.fileno
      when 0 then "<STDIN>"
      when 1 then "<STDOUT>"
      when 2 then "<STDERR>"
      else io.respond_to?(:path) ? io.path : nil
      end
    end

    # Raises the errno `r` (an Integer) if the call failed.
    def check(r, io, with_path)
      return r unless r.is_a?(Integer)
      raise SystemCallError.new(with_path ? path_of(io) : nil, r)
    end

    # console.c's ttymode: sets `mode`, yields, restores.
    def ttymode(io, mode)
      fd = io.fileno
      check(RubyVM::Console.mode(fd, mode, true), io, false)
      begin
        yield
      ensure
        check(RubyVM::Console.restore(fd), io, false)
      end
    end
  end
  private_constant :RubyVM_ConsoleSupport

  def raw(min: nil, time: nil, intr: nil, &block)
    RubyVM_ConsoleSupport.ttymode(self, intr ? "raw_intr" : "raw") { yield self }
  end

  def raw!(min: nil, time: nil, intr: nil)
    RubyVM_ConsoleSupport.check(RubyVM::Console.mode(fileno, intr ? "raw_intr" : "raw", false), self, true)
    self
  end

  def cooked
    RubyVM_ConsoleSupport.ttymode(self, "cooked") { yield self }
  end

  def cooked!
    RubyVM_ConsoleSupport.check(RubyVM::Console.mode(fileno, "cooked", false), self, true)
    self
  end

  def noecho
    RubyVM_ConsoleSupport.ttymode(self, "noecho") { yield self }
  end

  def echo=(flag)
    RubyVM_ConsoleSupport.check(RubyVM::Console.mode(fileno, flag ? "echo" : "noecho", false), self, true)
    flag
  end

  def echo?
    RubyVM_ConsoleSupport.check(RubyVM::Console.echo_p(fileno), self, true)
  end

  def getch(min: nil, time: nil, intr: nil)
    raw(intr: intr) { getc }
  end

  def getpass(*prompt)
    raise ArgumentError, "wrong number of arguments (given #{prompt.size}, expected 0..1)" if prompt.size > 1
    wio = equal?($stdin) ? $stderr : self
    unless prompt.empty?
      wio.write(prompt[0])
      wio.flush
    end
    begin
      line = noecho { gets }
    ensure
      wio.write("\n")
    end
    line&.chomp
  end

  # A terminal's settings, as far as carmine keeps them (echo).
  class ConsoleMode
    def initialize(echo) = @echo = echo
    attr_writer :echo
    def echo? = @echo
  end

  def console_mode
    ConsoleMode.new(echo?)
  end

  def console_mode=(mode)
    self.echo = mode.echo?
  end

  def winsize
    RubyVM_ConsoleSupport.check(RubyVM::Console.winsize(fileno), self, true)
  end

  def winsize=(size)
    size = Array(size)
    unless size.size == 2 || size.size == 4
      raise ArgumentError, "wrong number of arguments (given #{size.size}, expected 2 or 4)"
    end
    rows, cols, xpix, ypix = size.map { |n| Integer(n) }
    r = RubyVM::Console.set_winsize(fileno, rows, cols, xpix || 0, ypix || 0)
    RubyVM_ConsoleSupport.check(r, self, true)
    size
  end

  def iflush = __console_flush(0)
  def oflush = __console_flush(1)
  def ioflush = __console_flush(2)

  def beep
    write("\a")
    self
  end

  def cursor
    raw do
      write("\e[6n")
      flush
      reply = +""
      while (c = getc)
        reply << c
        break if c == "R"
      end
      m = /\e\[(\d+);(\d+)R/.match(reply) or return nil
      [m[1].to_i - 1, m[2].to_i - 1]
    end
  end

  def cursor=(pos)
    row, col = pos
    goto(row, col)
  end

  def goto(row, col)
    write("\e[#{row + 1};#{col + 1}H")
    self
  end

  def cursor_up(n) = __console_csi("#{n}A")
  def cursor_down(n) = __console_csi("#{n}B")
  def cursor_right(n) = __console_csi("#{n}C")
  def cursor_left(n) = __console_csi("#{n}D")
  def goto_column(n) = __console_csi("#{n + 1}G")
  def erase_line(mode) = __console_csi("#{mode}K")
  def erase_screen(mode) = __console_csi("#{mode}J")
  def scroll_forward(n) = __console_csi("#{n}S")
  def scroll_backward(n) = __console_csi("#{n}T")

  def clear_screen
    write("\e[2J\e[1;1H")
    self
  end

  # The controlling terminal (`/dev/tty`) opened once, or nil without one.
  # `IO.console(:close)` closes it; `IO.console(sym, *args)` sends `sym`.
  def self.console(*args)
    con = @__console
    con = @__console = nil if con&.closed?
    if args.first == :close
      con&.close
      @__console = nil
      return nil
    end
    unless con
      fd = RubyVM::Console.open_tty or return nil
      con = @__console = IO.allocate.extend(RubyVM::PipeIO).__pipe_init(fd, :rw)
      con.define_singleton_method(:tty?) { true }
      con.define_singleton_method(:path) { "/dev/tty" }
    end
    args.empty? ? con : con.__send__(*args)
  end

  private

  def __console_flush(which)
    RubyVM_ConsoleSupport.check(RubyVM::Console.flush(fileno, which), self, true)
    self
  end

  def __console_csi(seq)
    write("\e[#{seq}")
    self
  end
end
