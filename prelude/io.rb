# IO.pipe, IO.select, and Process.fork / wait on the primitives of
# src/builtins/pipe.rs.
#
# A pipe's ends are IO objects extended with RubyVM::PipeIO, which reads
# through a buffer and writes what the pipe takes. Its descriptors never
# block: a read with nothing to read, or a write to a full pipe, waits for
# the descriptor through the thread scheduler (Thread.__wait_io), so other
# threads run meanwhile; with none, the process waits in poll(2).
module RubyVM::PipeIO
  include RubyVM::IOWriter
  include RubyVM::IOReader

  def __pipe_init(fd, mode)
    @fd = fd
    @mode = mode
    @rbuf = "".b
    @closed = false
    @lineno = 0
    self
  end

  def fileno
    __check_closed
    @fd
  end
  alias to_i fileno

  def inspect = @closed ? "#<IO:(closed)>" : "#<IO:fd #{@fd}>"
  def closed? = @closed
  def sync = true
  def sync=(v)
    v
  end
  def flush = self
  def fsync = 0
  def tty? = false
  alias isatty tty?
  def to_io = self
  def binmode = self
  def autoclose? = true

  def close
    return nil if @closed
    @closed = true
    RubyVM::FileIO.fd_close(@fd)
    nil
  end

  def close_read
    raise IOError, "closing non-duplex IO for reading" unless @mode == :r
    close
  end

  def close_write
    raise IOError, "closing non-duplex IO for writing" unless @mode == :w
    close
  end

  # ---- writing -------------------------------------------------------

  def write(*args)
    if args.size == 1 && !@closed && @mode == :w
      # One string, written whole by one write(2), as almost always.
      s = args[0].to_s
      n = RubyVM::FileIO.fd_write(@fd, s)
      return n if n == s.bytesize
      return n + __write_bytes(s.byteslice(n..))
    end
    args.sum { |a| __write_bytes(a.to_s) }
  end

  def syswrite(s) = __write_bytes(s.to_s)

  def write_nonblock(s, exception: true)
    __check_writable
    n = RubyVM::FileIO.fd_write(@fd, s.to_s)
    if n.zero? && !s.to_s.empty?
      return :wait_writable unless exception
      raise IO::EAGAINWaitWritable, "Resource temporarily unavailable - write would block"
    end
    n
  end

  def puts(*args)
    __write_bytes(RubyVM::FileIO.puts_bytes(*args))
    nil
  end

  # ---- reading -------------------------------------------------------

  def read(len = nil, buf = nil)
    if len && !buf && !@closed && @mode == :r && @rbuf.empty? && !@eof && len.positive?
      # Nothing buffered: one read(2) of `len` bytes usually answers,
      # without going through the buffer (`read(10)` in a loop).
      s = RubyVM::FileIO.fd_read(@fd, len)
      if String === s
        return s if s.bytesize == len
        @rbuf << s
      elsif s.nil?
        @eof = true
      end
    end
    __check_readable
    raise ArgumentError, "negative length #{len} given" if len&.negative?
    if len.nil?
      nil while __fill
      s = @rbuf
      @rbuf = "".b
      s = s.force_encoding(Encoding.default_external)
    else
      __fill(len - @rbuf.bytesize) while @rbuf.bytesize < len && !@eof
      if @rbuf.empty? && len.positive?
        buf&.replace("")
        return nil
      end
      s = @rbuf.byteslice(0, len)
      @rbuf = @rbuf.byteslice(len..) || "".b
    end
    buf ? buf.replace(s) : s
  end

  def readpartial(max, buf = nil)
    __check_readable
    __fill(max) if @rbuf.empty?
    raise EOFError, "end of file reached" if @rbuf.empty?
    s = @rbuf.byteslice(0, max)
    @rbuf = @rbuf.byteslice(max..) || "".b
    buf ? buf.replace(s) : s
  end
  alias sysread readpartial

  def read_nonblock(max, buf = nil, exception: true)
    __check_readable
    if @rbuf.empty?
      s = RubyVM::FileIO.fd_read(@fd, 65536)
      if s.nil?
        return nil unless exception
        raise EOFError, "end of file reached"
      end
      if s == :wait
        return :wait_readable unless exception
        raise IO::EAGAINWaitReadable, "Resource temporarily unavailable - read would block"
      end
      @rbuf << s
    end
    s = @rbuf.byteslice(0, max)
    @rbuf = @rbuf.byteslice(max..) || "".b
    buf ? buf.replace(s) : s
  end

  def gets(sep = $/, limit = nil, chomp: false)
    __check_readable
    if sep.is_a?(Integer)
      limit = sep
      sep = $/
    end
    line = __take_line(sep, limit)
    if line
      line.force_encoding(Encoding.default_external)
      @lineno += 1
      $. = @lineno
      line = line.chomp(sep == "" ? "\n" : sep) if chomp && sep
    end
    $_ = line
  end

  def eof?
    __check_readable
    __fill if @rbuf.empty?
    @rbuf.empty?
  end
  alias eof eof?

  def getc
    __check_readable
    __fill if @rbuf.empty?
    return nil if @rbuf.empty?
    # (A character cut by the end of what was read: read its rest.)
    while !(c = @rbuf.dup.force_encoding(Encoding.default_external)[0]).valid_encoding? &&
          !@eof && @rbuf.bytesize < 4
      __fill
    end
    @rbuf = @rbuf.byteslice(c.bytesize..) || "".b
    c
  end

  def getbyte
    __check_readable
    __fill if @rbuf.empty?
    return nil if @rbuf.empty?
    b = @rbuf.getbyte(0)
    @rbuf = @rbuf.byteslice(1..) || "".b
    b
  end

  # Data in the buffer counts as readable for IO.select.
  def __buffered? = !@rbuf.empty?

  private

  def __check_closed
    raise IOError, "closed stream" if @closed
  end

  def __check_readable
    __check_closed
    raise IOError, "not opened for reading" unless @mode == :r
  end

  def __check_writable
    __check_closed
    raise IOError, "not opened for writing" unless @mode == :w
  end

  def __write_bytes(s)
    __check_writable
    # The whole string in one write(2), as almost always.
    n = RubyVM::FileIO.fd_write(@fd, s)
    return n if n == s.bytesize
    b = s.b
    off = n
    while off < b.bytesize
      n = RubyVM::FileIO.fd_write(@fd, off.zero? ? b : b.byteslice(off..))
      if n.zero?
        Thread.__wait_io([], [@fd])
        __check_writable
      end
      off += n
    end
    b.bytesize
  end

  # Reads what the pipe has into the buffer (waiting until it has
  # something); false at its end.
  def __fill(want = 65536)
    return false if @eof
    while true
      s = RubyVM::FileIO.fd_read(@fd, want)
      if s.nil?
        @eof = true
        return false
      end
      if s == :wait
        Thread.__wait_io([@fd], [])
        __check_readable
        next
      end
      @rbuf << s
      return true
    end
  end

  # The next line (up to `sep`, or a paragraph for "", all for nil), at
  # most `limit` bytes; nil at the end.
  def __take_line(sep, limit)
    sep = sep.b if sep
    para = sep == "".b
    sep = "\n\n".b if para
    if para
      @rbuf = @rbuf.sub(/\A\n+/n, "") while (@rbuf.start_with?("\n") || @rbuf.empty?) && __fill_or_eof_after_newlines
    end
    while true
      i = sep && @rbuf.index(sep)
      if i
        n = i + sep.bytesize
        n = limit if limit && limit < n
        s = @rbuf.byteslice(0, n)
        @rbuf = @rbuf.byteslice(n..) || "".b
        @rbuf = @rbuf.sub(/\A\n+/n, "") if para
        return s
      end
      if limit && @rbuf.bytesize >= limit
        s = @rbuf.byteslice(0, limit)
        @rbuf = @rbuf.byteslice(limit..) || "".b
        return s
      end
      next if __fill
      return nil if @rbuf.empty?
      s = @rbuf
      @rbuf = "".b
      return s
    end
  end

  def __fill_or_eof_after_newlines
    return true unless @rbuf.empty? && !@eof
    __fill
  end
end

class IO
  # The standard streams as CRuby shows them; an IO of another
  # descriptor as `#<IO:fd N>`.
  def inspect
    name = if equal?(STDIN) then "<STDIN>"
           elsif equal?(STDOUT) then "<STDOUT>"
           elsif equal?(STDERR) then "<STDERR>"
           end
    return "#<#{self.class}:#{name}#{closed? ? ' (closed)' : ''}>" if name
    return super unless instance_variable_defined?(:@fd)
    closed? ? "#<#{self.class}:(closed)>" : "#<#{self.class}:fd #{@fd}>"
  end

  # Marks for the errors of non-blocking IO that waiting would fix.
  module WaitReadable; end
  module WaitWritable; end

  class EAGAINWaitReadable < Errno::EAGAIN
    include IO::WaitReadable
  end
  class EAGAINWaitWritable < Errno::EAGAIN
    include IO::WaitWritable
  end
  EWOULDBLOCKWaitReadable = EAGAINWaitReadable
  EWOULDBLOCKWaitWritable = EAGAINWaitWritable
  class EINPROGRESSWaitWritable < Errno::EINPROGRESS
    include IO::WaitWritable
  end

  def self.pipe(*_encodings, **_opts)
    r, w = RubyVM::FileIO.pipe
    rd = allocate.extend(RubyVM::PipeIO).__pipe_init(r, :r)
    wr = allocate.extend(RubyVM::PipeIO).__pipe_init(w, :w)
    return [rd, wr] unless block_given?
    begin
      yield rd, wr
    ensure
      rd.close
      wr.close
    end
  end

  # IO.popen([env,] cmd, mode = "r" [, opts]): a child process whose
  # standard output we read ("r"), whose standard input we write ("w"),
  # or both ("r+"/"w+"). With a block: yields the IO, closes it (waiting
  # for the child: $?) and returns the block's value.
  def self.popen(*args, **opts, &blk)
    env = args[0].is_a?(Hash) ? args.shift : {}
    raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1+)" if args.empty?
    cmd = args.shift
    opts = opts.merge(args.pop) if args[-1].is_a?(Hash)
    mode = args.shift || opts.delete(:mode) || "r"
    raise ArgumentError, "wrong number of arguments (given #{args.size + 2}, expected 1..2)" unless args.empty?
    if cmd.is_a?(Array)
      cmd = cmd.dup
      env = env.merge(cmd.shift) if cmd[0].is_a?(Hash)
      opts = opts.merge(cmd.pop) if cmd[-1].is_a?(Hash)
      cmd[0] = cmd[0][0] if cmd[0].is_a?(Array)
      cmd = cmd.map { |a| RubyVM::FileIO.path(a) }
      raise ArgumentError, "wrong number of arguments (given 0, expected 1+)" if cmd.empty?
    else
      cmd = RubyVM::FileIO.path(cmd)
      raise NotImplementedError, "fork() function is unimplemented on this machine" if cmd == "-"
    end
    read, write = __popen_mode(mode)
    err = opts[:err]
    err_out = err == :out || err == [:child, :out] || err == 1 || err == $stdout
    chdir = opts[:chdir] && RubyVM::FileIO.path(opts[:chdir])
    overlay = ENV.__overlay.merge(env.to_h { |k, v| [k.to_s, v&.to_s] })
    r = RubyVM::FileIO.popen(cmd, overlay, read, write, err_out, chdir)
    raise Errno::ENOENT, (cmd.is_a?(Array) ? cmd[0] : cmd.strip.split(/\s+/)[0].to_s) if r.nil?
    io = allocate.extend(RubyVM::PopenIO).__popen_init(*r)
    return io unless blk
    begin
      yield io
    ensure
      io.close
    end
  end

  def self.__popen_mode(mode)
    if mode.is_a?(Integer)
      acc = mode & 3
      return [acc != 1, acc != 0]
    end
    m = mode.to_str.delete("bt:").sub(/:.*/, "")
    case m
    when "r" then [true, false]
    when "w", "a" then [false, true]
    when "r+", "w+", "a+" then [true, true]
    else raise ArgumentError, "invalid access mode #{mode}"
    end
  end
  private_class_method :__popen_mode

  # Waits until an IO of `reads` has something to read or one of
  # `writes` can be written, or `timeout` seconds passed (nil).
  # Copies src to dst (IOs, or paths opened here); returns the byte count.
  def self.copy_stream(src, dst, copy_length = nil, src_offset = nil)
    close_src = close_dst = false
    if src.is_a?(String) || (!src.respond_to?(:read) && src.respond_to?(:to_path))
      src = File.open(src, "rb")
      close_src = true
    end
    if dst.is_a?(String) || (!dst.respond_to?(:write) && dst.respond_to?(:to_path))
      dst = File.open(dst, "wb")
      close_dst = true
    end
    if src_offset
      pos = src.pos
      src.seek(src_offset)
    end
    data = (copy_length ? src.read(copy_length) : src.read) || ""
    src.seek(pos) if src_offset
    dst.write(data)
    # (Written to the descriptor, not left in a File's buffer.)
    dst.flush if dst.is_a?(File) || (dst.respond_to?(:to_io) && dst.to_io.is_a?(File))
    data.bytesize
  ensure
    src.close if close_src
    dst.close if close_dst
  end

  def self.select(reads, writes = nil, errors = nil, timeout = nil)
    unless timeout.nil? || timeout.is_a?(Numeric)
      raise TypeError, "can't convert #{timeout.class} into time interval"
    end
    RubyVM::FileIO.time_interval(timeout) if timeout
    raise ArgumentError, "time interval must not be negative" if timeout&.negative?
    rs = __select_list(reads)
    ws = __select_list(writes)
    __select_list(errors)
    deadline = timeout && Thread.__now + timeout
    while true
      buffered = rs.select { |io| io.respond_to?(:__buffered?) && io.__buffered? }
      # Files and the standard streams other than a pipe are always ready.
      rfds = rs.filter_map { |io| io.fileno if io.respond_to?(:__buffered?) }
      wfds = ws.filter_map { |io| io.fileno if io.respond_to?(:__buffered?) }
      rr, wr = RubyVM::FileIO.poll(rfds, wfds, 0)
      ready_r = rs.select do |io|
        !io.respond_to?(:__buffered?) || buffered.include?(io) || rr.include?(io.fileno)
      end
      ready_w = ws.select { |io| !io.respond_to?(:__buffered?) || wr.include?(io.fileno) }
      return [ready_r, ready_w, []] unless ready_r.empty? && ready_w.empty?
      return nil if deadline && Thread.__now >= deadline
      Thread.__wait_io(rfds, wfds, deadline)
    end
  end

  def self.__select_list(list)
    return [] if list.nil?
    list = list.to_ary if !list.is_a?(Array) && list.respond_to?(:to_ary)
    raise TypeError, "no implicit conversion of #{list.class} into Array" unless list.is_a?(Array)
    list.map do |io|
      io = io.to_io if !io.is_a?(IO) && io.respond_to?(:to_io)
      raise TypeError, "no implicit conversion of #{io.class} into IO" unless io.is_a?(IO)
      raise IOError, "closed stream" if io.closed?
      io
    end
  end
  private_class_method :__select_list
end

module Process
  # Forks the process: the child's pid here, nil in the child. With a
  # block the child runs it and ends (its at_exit handlers run first).
  def self.fork
    unless Thread.current.equal?(Thread.main)
      raise NotImplementedError, "fork from a thread other than the main one"
    end
    pid = RubyVM::FileIO.fork
    return pid unless pid.zero?
    Thread.__after_fork
    return nil unless block_given?
    status = 0
    error = nil
    begin
      yield
    rescue SystemExit => e
      status = e.status
    rescue Exception => e
      error = e
      status = 1
    end
    RubyVM::FileIO.child_exit(status, error)
  end

  # Process.spawn([env,] command... [,options]): starts the command and
  # returns its pid without waiting. Options: :in/:out/:err (or a
  # descriptor 0-2, an IO, or an Array of them) redirected to a path,
  # [path, mode, perm], an IO, a descriptor, :close, or [:child, fd];
  # :chdir, :unsetenv_others, :pgroup. (:umask, :close_others, :rlimit_*
  # are accepted and ignored.)
  def self.spawn(*args) = __run(:spawn, args)

  # exec([env,] command... [,options]): this process becomes the command.
  def self.exec(*args) = __run(:exec, args)

  def self.__run(how, args)
    env = !args[0].is_a?(String) && args[0].respond_to?(:to_hash) ? args.shift.to_hash : {}
    opts = args.size > 1 && args[-1].is_a?(Hash) ? args.pop : {}
    raise ArgumentError, "wrong number of arguments (given 0, expected 1+)" if args.empty?
    cmd = if args.size == 1 && !args[0].is_a?(Array)
            RubyVM::FileIO.path(args[0])
          else
            a = args.dup
            a[0] = a[0][0] if a[0].is_a?(Array)
            a.map { |x| RubyVM::FileIO.path(x) }
          end
    redirects = []
    chdir = nil
    unsetenv = false
    pgroup = nil
    opts.each do |k, v|
      case k
      when :chdir then chdir = RubyVM::FileIO.path(v)
      when :unsetenv_others then unsetenv = v ? true : false
      when :pgroup then pgroup = v == true ? 0 : (v && v.to_int)
      when :umask, :close_others, :new_pgroup, :exception then nil
      when Symbol
        next if k.start_with?("rlimit_")
        fd = __spawn_fd(k)
        redirects << [fd, __spawn_target(fd, v)]
      else
        (k.is_a?(Array) ? k : [k]).each do |key|
          fd = __spawn_fd(key)
          redirects << [fd, __spawn_target(fd, v)]
        end
      end
    end
    env = env.to_h { |k, v| [RubyVM::FileIO.path(k), v && RubyVM::FileIO.path(v)] }
    overlay = unsetenv ? env : ENV.__overlay.merge(env)
    pid = RubyVM::FileIO.__send__(how, cmd, overlay, redirects, chdir, unsetenv, pgroup)
    raise Errno::ENOENT, (cmd.is_a?(Array) ? cmd[0] : cmd.strip.split(/\s+/)[0].to_s) if pid.nil?
    pid
  end

  def self.__spawn_fd(k)
    case k
    when :in then 0
    when :out then 1
    when :err then 2
    when Integer then k
    when IO then k.fileno
    else raise ArgumentError, "wrong exec option symbol: #{k}"
    end
  end

  def self.__spawn_target(fd, v)
    case v
    when :close then :close
    when :in, :out, :err, Integer then __spawn_fd(v)
    when String then [v, fd == 0 ? File::RDONLY : File::WRONLY | File::CREAT | File::TRUNC, 0o644]
    when Array
      return [:child, __spawn_fd(v[1])] if v[0] == :child
      path, mode, perm = v
      [RubyVM::FileIO.path(path), File.__open_flags(mode || "r", {})[0], perm || 0o644]
    when IO
      fb = v.instance_variable_get(:@fb)
      fb && !v.instance_variable_get(:@fd) ? fb : v.fileno
    else
      raise ArgumentError, "wrong exec redirect action" unless v.respond_to?(:to_path)
      __spawn_target(fd, v.to_path)
    end
  end
  private_class_method :__run, :__spawn_fd, :__spawn_target

  def self.wait(pid = -1, flags = 0)
    r = __wait(pid, flags)
    r && r[0]
  end

  def self.wait2(pid = -1, flags = 0)
    __wait(pid, flags)
  end

  def self.waitpid(pid = -1, flags = 0) = wait(pid, flags)
  def self.waitpid2(pid = -1, flags = 0) = wait2(pid, flags)

  def self.waitall
    r = []
    while (x = __wait(-1, 0, true))
      r << x
    end
    r
  end

  def self.detach(pid)
    Thread.new { Process.wait(pid); $? }
  end

  WNOHANG = 1
  WUNTRACED = 2

  # [pid, Process::Status] (setting $?), nil for WNOHANG with the child
  # still running (or, for waitall, no child left). Other threads run
  # while it waits.
  def self.__wait(pid, flags, none_left_ok = false)
    pid = pid.to_int
    while true
      r = begin
        RubyVM::FileIO.waitpid(pid, !Thread.__alone? || flags & WNOHANG != 0)
      rescue Errno::ECHILD
        raise unless none_left_ok
        return nil
      end
      if r
        st = Process::Status.new(r[0], r[1], r[2])
        RubyVM::FileIO.last_status = st
        return [r[0], st]
      end
      return nil if flags & WNOHANG != 0
      Thread.__wait(nil, Thread.__now + 0.005)
    end
  end
  private_class_method :__wait
end

module Kernel
  private

  def fork(&block) = Process.fork(&block)
  def spawn(*args) = Process.spawn(*args)
  def exec(*args) = Process.exec(*args)

  module_function :fork, :spawn, :exec
end

class Thread
  class << self
    # The current thread waits for a descriptor of `reads` to have data,
    # or of `writes` to take some, or for `deadline`.
    def __wait_io(reads, writes, deadline = nil)
      # (A descriptor another thread closed counts as ready: the waiter
      # then finds its IO closed, instead of the EBADF reaching whichever
      # thread the scheduler polls from.)
      ready = lambda do
        r, w = RubyVM::FileIO.poll(reads, writes, 0)
        !r.empty? || !w.empty?
      rescue Errno::EBADF
        true
      end
      __wait(ready, deadline, [reads, writes])
    end

    # In a forked child only the forking (main) thread goes on.
    def __after_fork
      @queue.clear
      @all.clear
      @current = nil
    end
  end
end

# ARGF: the files named in ARGV read one after another (standard input
# when ARGV is empty), with the reading methods programs commonly use.
ARGF = Object.new
class << ARGF
  def to_s = "ARGF"
  alias inspect to_s
  def argv = ARGV

  def filename
    __advance
    @filename || "-"
  end
  alias path filename

  def file
    __advance
    @file || $stdin
  end

  def lineno = @lineno || 0

  def lineno=(n)
    @lineno = n
  end

  def gets(*args)
    loop do
      line = file.gets(*args)
      if line
        @lineno = lineno + 1
        $. = @lineno
        return line
      end
      return nil unless __next_file
    end
  end

  def readline(*args) = gets(*args) || raise(EOFError, "end of file reached")

  def each_line(*args)
    return enum_for(:each_line, *args) unless block_given?
    while (l = gets(*args))
      yield l
    end
    self
  end
  alias each each_line

  def readlines(*args) = each_line(*args).to_a
  alias to_a readlines

  def read(len = nil)
    out = +""
    loop do
      s = len ? file.read(len - out.bytesize) : file.read
      out << s if s
      break if len && out.bytesize >= len
      break unless __next_file
    end
    len && out.empty? ? nil : out
  end

  def eof? = file.eof?
  alias eof eof?

  def __advance
    return if @started
    @started = true
    __next_file
  end

  # Opens the next file of ARGV; false when none is left.
  def __next_file
    return false if ARGV.empty? && @file
    @file&.close unless @file.equal?($stdin)
    if ARGV.empty?
      @file = $stdin
      @filename = "-"
      return !@used_stdin && (@used_stdin = true)
    end
    @filename = ARGV.shift
    @file = @filename == "-" ? $stdin : File.open(@filename)
    true
  end
  private :__advance, :__next_file
end

# IO.popen's IO: a PipeIO on the child's standard output (or input, when
# only written), with a second PipeIO for its standard input when duplex.
# Closing it waits for the child and sets $?.
module RubyVM::PopenIO
  include RubyVM::PipeIO

  def __popen_init(pid, rfd, wfd)
    @pid = pid
    if rfd
      __pipe_init(rfd, :r)
      @wio = IO.allocate.extend(RubyVM::PipeIO).__pipe_init(wfd, :w) if wfd
    else
      __pipe_init(wfd, :w)
    end
    self
  end

  def pid = @pid

  def __write_bytes(s)
    return super unless @wio
    __check_closed
    raise IOError, "not opened for writing" if @wio.closed?
    @wio.__send__(:__write_bytes, s)
  end

  def write_nonblock(s, exception: true)
    return super unless @wio
    __check_closed
    @wio.write_nonblock(s, exception: exception)
  end

  def closed? = @closed && (@wio.nil? || @wio.closed?)

  def close_write
    return super unless @wio
    @wio.close
    __reap if @closed
    nil
  end

  def close_read
    if @wio
      raise IOError, "closing non-duplex IO for reading" if @closed
      RubyVM::FileIO.fd_close(@fd)
      @closed = true
      __reap if @wio.closed?
      return nil
    end
    super
  end

  def close
    return nil if closed?
    unless @closed
      @closed = true
      RubyVM::FileIO.fd_close(@fd)
    end
    @wio&.close
    __reap
    nil
  end

  private def __reap
    return if @reaped
    @reaped = true
    Process.wait(@pid)
  rescue Errno::ECHILD
    nil
  end
end
