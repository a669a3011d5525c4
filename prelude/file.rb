# frozen_string_literal: false
#
# File, Dir, File::Stat, IO on files, Process::Status, Kernel#` and
# Kernel#system, built on the primitives of RubyVM::FileIO
# (src/builtins/file.rs). A File instance reads and writes its descriptor
# through CRuby's buffers (src/builtins/filebuf.rs).

class SystemCallError
  # syserr_initialize. On SystemCallError itself: new(mesg, errno = nil,
  # func = nil), or new(errno), answered by the Errno class of that
  # number; on an Errno class: new(mesg = nil, func = nil).
  def self.new(*args)
    return super unless equal?(SystemCallError)
    unless (1..3).cover?(args.size)
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..3)"
    end
    mesg, err, func = args
    if args.size == 1 && mesg.is_a?(Integer)
      err = mesg
      mesg = nil
    end
    err = RubyVM::Prelude.to_long(err) unless err.nil?
    klass = (err && RubyVM::Prelude::ERRNO_CLASSES[err]) || SystemCallError
    e = klass.allocate
    e.__send__(:__syserr_setup, mesg, err, func)
    e
  end

  def initialize(mesg = nil, func = nil)
    err = self.class.const_defined?(:Errno) ? self.class::Errno : nil
    __syserr_setup(mesg, err, func)
  end

  def errno
    RubyVM::Prelude.hidden_get(self, :errno)
  end

  # Errno::EAGAIN === an Errno::EWOULDBLOCK: the same number.
  def self.===(other)
    return super if equal?(SystemCallError) || !other.is_a?(SystemCallError)
    super || (const_defined?(:Errno) && self::Errno == other.errno)
  end

  private

  def __syserr_setup(mesg, err, func)
    text = err.nil? ? +"unknown error" : RubyVM::Prelude.strerror(err)
    unless mesg.nil?
      mesg = RubyVM::FileIO.str_arg(mesg)
      text << " @ #{func}" unless func.nil?
      text << " - #{mesg}"
    end
    Exception.instance_method(:initialize).bind_call(self, text)
    RubyVM::Prelude.hidden_set(self, :errno, err)
  end

  # A message the VM composed itself ("desc @ detail").
  def __syserr_raw(text, err)
    Exception.instance_method(:initialize).bind_call(self, text)
    RubyVM::Prelude.hidden_set(self, :errno, err)
  end
end

module Errno
  # Linux's errno numbers, one class each (messages from the C library).
  RubyVM::Prelude::ERRNO_CLASSES = {}
  {
    1 => :EPERM, 2 => :ENOENT, 3 => :ESRCH, 4 => :EINTR, 5 => :EIO, 6 => :ENXIO,
    7 => :E2BIG, 8 => :ENOEXEC, 9 => :EBADF, 10 => :ECHILD, 11 => :EAGAIN, 12 => :ENOMEM,
    13 => :EACCES, 14 => :EFAULT, 15 => :ENOTBLK, 16 => :EBUSY, 17 => :EEXIST, 18 => :EXDEV,
    19 => :ENODEV, 20 => :ENOTDIR, 21 => :EISDIR, 22 => :EINVAL, 23 => :ENFILE, 24 => :EMFILE,
    25 => :ENOTTY, 26 => :ETXTBSY, 27 => :EFBIG, 28 => :ENOSPC, 29 => :ESPIPE, 30 => :EROFS,
    31 => :EMLINK, 32 => :EPIPE, 33 => :EDOM, 34 => :ERANGE, 35 => :EDEADLK, 36 => :ENAMETOOLONG,
    37 => :ENOLCK, 38 => :ENOSYS, 39 => :ENOTEMPTY, 40 => :ELOOP, 42 => :ENOMSG, 43 => :EIDRM,
    44 => :ECHRNG, 45 => :EL2NSYNC, 46 => :EL3HLT, 47 => :EL3RST, 48 => :ELNRNG, 49 => :EUNATCH,
    50 => :ENOCSI, 51 => :EL2HLT, 52 => :EBADE, 53 => :EBADR, 54 => :EXFULL, 55 => :ENOANO,
    56 => :EBADRQC, 57 => :EBADSLT, 59 => :EBFONT, 60 => :ENOSTR, 61 => :ENODATA, 62 => :ETIME,
    63 => :ENOSR, 64 => :ENONET, 65 => :ENOPKG, 66 => :EREMOTE, 67 => :ENOLINK, 68 => :EADV,
    69 => :ESRMNT, 70 => :ECOMM, 71 => :EPROTO, 72 => :EMULTIHOP, 73 => :EDOTDOT, 74 => :EBADMSG,
    75 => :EOVERFLOW, 76 => :ENOTUNIQ, 77 => :EBADFD, 78 => :EREMCHG, 79 => :ELIBACC, 80 => :ELIBBAD,
    81 => :ELIBSCN, 82 => :ELIBMAX, 83 => :ELIBEXEC, 84 => :EILSEQ, 85 => :ERESTART, 86 => :ESTRPIPE,
    87 => :EUSERS, 88 => :ENOTSOCK, 89 => :EDESTADDRREQ, 90 => :EMSGSIZE, 91 => :EPROTOTYPE, 92 => :ENOPROTOOPT,
    93 => :EPROTONOSUPPORT, 94 => :ESOCKTNOSUPPORT, 95 => :ENOTSUP, 96 => :EPFNOSUPPORT, 97 => :EAFNOSUPPORT, 98 => :EADDRINUSE,
    99 => :EADDRNOTAVAIL, 100 => :ENETDOWN, 101 => :ENETUNREACH, 102 => :ENETRESET, 103 => :ECONNABORTED, 104 => :ECONNRESET,
    105 => :ENOBUFS, 106 => :EISCONN, 107 => :ENOTCONN, 108 => :ESHUTDOWN, 109 => :ETOOMANYREFS, 110 => :ETIMEDOUT,
    111 => :ECONNREFUSED, 112 => :EHOSTDOWN, 113 => :EHOSTUNREACH, 114 => :EALREADY, 115 => :EINPROGRESS, 116 => :ESTALE,
    117 => :EUCLEAN, 118 => :ENOTNAM, 119 => :ENAVAIL, 120 => :EISNAM, 121 => :EREMOTEIO, 122 => :EDQUOT,
    123 => :ENOMEDIUM, 124 => :EMEDIUMTYPE, 125 => :ECANCELED, 126 => :ENOKEY, 127 => :EKEYEXPIRED, 128 => :EKEYREVOKED,
    129 => :EKEYREJECTED, 130 => :EOWNERDEAD, 131 => :ENOTRECOVERABLE, 132 => :ERFKILL, 133 => :EHWPOISON
  }.each do |n, name|
    c = const_defined?(name, false) ? const_get(name) : const_set(name, Class.new(SystemCallError))
    c.const_set(:Errno, n)
    RubyVM::Prelude::ERRNO_CLASSES[n] = c
  end
  NOERROR = Class.new(SystemCallError)
  NOERROR.const_set(:Errno, 0)
  # Other systems' errnos, which Linux lacks: NOERROR under their names.
  %i[
    EAUTH EBADARCH EBADEXEC EBADMACHO EBADRPC ECAPMODE EDEVERR EDOOFUS EFTYPE EIPSEC
    ELAST ENEEDAUTH ENOATTR ENOPOLICY ENOTCAPABLE EPROCLIM EPROCUNAVAIL EPROGMISMATCH
    EPROGUNAVAIL EPWROFF EQFULL ERPCMISMATCH ESHLIBVERS
  ].each { |n| const_set(n, NOERROR) }
  EWOULDBLOCK = EAGAIN
  EDEADLOCK = EDEADLK
  EOPNOTSUPP = ENOTSUP
end

# The exceptions whose extra fields are keyword arguments of `new`; the
# fields are hidden instance variables, as CRuby keeps them.
module RubyVM::Prelude
  def self.exception_fields(e, kw, allowed)
    unknown = kw.keys - allowed.keys
    unless unknown.empty?
      raise ArgumentError, "unknown keyword#{'s' if unknown.size > 1}: #{unknown.map(&:inspect).join(', ')}"
    end
    kw.each { |k, v| hidden_set(e, allowed[k], v) }
  end
end

class KeyError
  def initialize(*args, **kw)
    super(*args)
    RubyVM::Prelude.exception_fields(self, kw, { receiver: :recv, key: :key })
  end
end

class FrozenError
  def initialize(*args, **kw)
    super(*args)
    RubyVM::Prelude.exception_fields(self, kw, { receiver: :recv })
  end
end

class NoMatchingPatternKeyError
  def initialize(*args, **kw)
    super(*args)
    RubyVM::Prelude.exception_fields(self, kw, { matchee: :matchee, key: :key })
  end
end

class UncaughtThrowError
  def initialize(tag, value, *rest)
    super(*rest)
    RubyVM::Prelude.hidden_set(self, :tag, tag)
    RubyVM::Prelude.hidden_set(self, :value, value)
  end

  def to_s
    m = RubyVM::Prelude.hidden_get(self, :mesg)
    m.nil? ? super : format(m, tag)
  end
end

module RubyVM::FileIO
  def self.raise_errno(n, detail)
    klass = RubyVM::Prelude::ERRNO_CLASSES[n] || SystemCallError
    e = klass.allocate
    e.__send__(:__syserr_raw, "#{RubyVM::Prelude.strerror(n)} @ #{detail}", n)
    raise e
  end

  # StringValue: a String, or what to_str gives; TypeError otherwise.
  def self.str_arg(v)
    return v if v.is_a?(String)
    v = v.to_str if v.respond_to?(:to_str)
    raise TypeError, "no implicit conversion of #{tname(v)} into String" unless v.is_a?(String)
    v
  end

  def self.path(p)
    p = p.to_path if !p.is_a?(String) && p.respond_to?(:to_path)
    p = p.to_str if !p.is_a?(String) && p.respond_to?(:to_str)
    raise TypeError, "no implicit conversion of #{RubyVM::FileIO.tname(p)} into String" unless p.is_a?(String)
    p
  end

  def self.tname(v)
    case v
    when nil then "nil"
    when true then "true"
    when false then "false"
    else v.class.to_s
    end
  end

  def self.split_lines(s, sep = $/, limit = nil, chomp: false)
    return [] if s.nil? || s.empty?
    lines = []
    if sep.nil?
      lines << s
    else
      para = sep.empty?
      sep = "\n\n" if para
      i = 0
      while i < s.size
        j = s.index(sep, i)
        line = j ? s[i...(j + sep.size)] : s[i..]
        i += line.size
        if para
          while s[i] == "\n"
            i += 1
          end
        end
        line = line.chomp(sep) if chomp
        lines << line
      end
    end
    lines
  end
end

class IO
  include Enumerable

  SEEK_SET = 0
  SEEK_CUR = 1
  SEEK_END = 2

  def closed?
    @closed ? true : false
  end

  def close
    @closed = true
    nil
  end

  def lineno
    @lineno || 0
  end

  attr_writer :lineno

  def __read_all
    __check_readable
    RubyVM::FileIO.stdin_read(nil, nil)
  end

  # Only standard input reads (from fd 0); `$stdout`/`$stderr` refuse, as
  # CRuby's write-only streams do, instead of reading fd 0 for them.
  def __check_readable
    raise IOError, "not opened for reading" if fileno == 1 || fileno == 2
  end

  def gets(sep = $/, limit = nil, chomp: false)
    __check_readable
    if sep.is_a?(Integer)
      limit = sep
      sep = $/
    end
    line = RubyVM::FileIO.stdin_read(nil, sep.nil? ? nil : (sep.empty? ? "\n\n" : sep))
    line = RubyVM::FileIO.stdin_read(nil, "") if sep.nil? && line.nil?
    if line
      @lineno = lineno + 1
      $. = @lineno
      line = line.chomp(sep) if chomp
    end
    $_ = line
  end

  def read(len = nil, buf = nil)
    __check_readable
    s = RubyVM::FileIO.stdin_read(len, nil)
    s = "" if s.nil? && len.nil?
    buf ? buf.replace(s.to_s) : s
  end

  def readline(*a, **kw)
    l = gets(*a, **kw)
    raise EOFError, "end of file reached" if l.nil?
    l
  end

  def each_line(*a, **kw)
    return to_enum(:each_line, *a, **kw) unless block_given?
    while (l = gets(*a, **kw))
      yield l
    end
    self
  end
  alias each each_line

  def readlines(*a, **kw)
    r = []
    each_line(*a, **kw) { |l| r << l }
    r
  end

  def getc
    read(1)
  end

  def readchar
    c = getc
    raise EOFError, "end of file reached" if c.nil?
    c
  end

  def eof?
    false
  end
  alias eof eof?

  def to_io
    self
  end

  def binmode
    self
  end

  # The encodings a stream reads in (`external`) and converts to
  # (`internal`), as set_encoding names them: "ext:int" in one String,
  # Encodings or names; an internal equal to the external is none.
  def set_encoding(ext = nil, int = nil, **_opts)
    ext, int = ext.split(":", 2) if int.nil? && ext.is_a?(String) && ext.include?(":")
    ext = ext.sub(/\Abom\|/i, "") if ext.is_a?(String)
    @__ext_enc = ext.nil? ? nil : Encoding.find(ext.is_a?(Encoding) ? ext.name : ext.to_str)
    @__int_enc = int.nil? || int == "-" ? nil : Encoding.find(int.is_a?(Encoding) ? int.name : int.to_str)
    @__int_enc = nil if @__int_enc == @__ext_enc
    self
  end

  # A writable stream has no external encoding until one is set.
  def external_encoding
    return @__ext_enc if @__ext_enc
    __writable? ? nil : Encoding.default_external
  end

  def internal_encoding = @__int_enc

  def __writable?
    m = @mode
    if m.is_a?(String)
      !m.start_with?("r") || m.include?("+")
    elsif m.is_a?(Symbol)
      m == :w
    else
      fileno == 1 || fileno == 2
    end
  end

  def self.read(path, *a, **kw)
    File.read(path, *a, **kw)
  end

  def self.write(path, str, *a, **kw)
    File.write(path, str, *a, **kw)
  end

  def self.readlines(path, *a, **kw)
    File.readlines(path, *a, **kw)
  end

  def self.foreach(path, *a, **kw, &b)
    File.foreach(path, *a, **kw, &b)
  end

  def self.binread(path, *a)
    File.binread(path, *a)
  end

  def self.binwrite(path, str, *a)
    File.binwrite(path, str, *a)
  end
end

# `<<`, print, printf and putc on top of the includer's `write` (File,
# and the ends of a pipe: prelude/io.rb).
module RubyVM::IOWriter
  def <<(s)
    write(s)
    self
  end

  def print(*args)
    args = [$_] if args.empty?
    args.each { |a| write(a.to_s) }
    write($\) if $\
    nil
  end

  def printf(fmt, *a)
    write(format(fmt, *a))
    nil
  end

  def putc(c)
    write(c.is_a?(Integer) ? (c & 0xff).chr : c.to_s[0].to_s)
    c
  end
end

# each_byte and each_char on top of the includer's getbyte and getc.
module RubyVM::IOReader
  def each_byte
    return to_enum(:each_byte) unless block_given?
    while (b = getbyte)
      yield b
    end
    self
  end

  def each_char
    return to_enum(:each_char) unless block_given?
    while (c = getc)
      yield c
    end
    self
  end
end

# What a File opened on a device or FIFO keeps of File (see
# File#__open_stream); the rest is RubyVM::PipeIO's.
module RubyVM::FileStream
  def inspect = "#<File:#{@path}#{@closed ? ' (closed)' : ''}>"
  def path = @path

  def read(len = nil, buf = nil)
    return super if len
    s = super
    s.force_encoding(Encoding::ASCII_8BIT) if @binary && s && !buf
    s
  end
end

class File < IO
  include RubyVM::IOWriter
  include RubyVM::IOReader
  SEPARATOR = "/"
  Separator = SEPARATOR
  ALT_SEPARATOR = nil
  PATH_SEPARATOR = ":"

  module Constants
    RDONLY = 0
    WRONLY = 1
    RDWR = 2
    APPEND = 1024
    CREAT = 64
    EXCL = 128
    NONBLOCK = 2048
    TRUNC = 512
    BINARY = 0
    SHARE_DELETE = 0
    SYNC = 1052672
    LOCK_SH = 1
    LOCK_EX = 2
    LOCK_NB = 4
    LOCK_UN = 8
    NULL = "/dev/null"
    FNM_NOESCAPE = 1
    FNM_PATHNAME = 2
    FNM_DOTMATCH = 4
    FNM_CASEFOLD = 8
    FNM_EXTGLOB = 16
    FNM_SYSCASE = 0
    FNM_SHORTNAME = 0
  end
  include Constants
  Constants.constants.each { |c| const_set(c, Constants.const_get(c)) }
  # As CRuby, IO includes them too (IO::RDWR, for pstore).
  IO.include(Constants)

  class Stat
    include Comparable
    attr_reader :size, :mode, :uid, :gid, :ino, :dev, :nlink, :ftype

    def initialize(path, _data = nil)
      path = RubyVM::FileIO.path(path)
      _data ||= RubyVM::FileIO.stat!(path, true)
      @ftype, @size, @mode, @mtime, @atime, @ctime, @uid, @gid, @ino, @dev, @nlink, @blksize, @blocks = _data
    end

    def blksize = @blksize
    def blocks = @blocks

    def mtime = Time.at(@mtime)
    def atime = Time.at(@atime)
    def ctime = Time.at(@ctime)
    def file? = @ftype == "file"
    def directory? = @ftype == "directory"
    def symlink? = @ftype == "link"
    def pipe? = @ftype == "fifo"
    def socket? = @ftype == "socket"
    def chardev? = @ftype == "characterSpecial"
    def blockdev? = @ftype == "blockSpecial"
    def zero? = @size == 0
    def size? = @size == 0 ? nil : @size
    def readable? = true
    def writable? = @mode & 0o222 != 0
    def executable? = @mode & 0o111 != 0
    def setuid? = @mode & 0o4000 != 0
    def setgid? = @mode & 0o2000 != 0
    def sticky? = @mode & 0o1000 != 0
    def world_writable? = @mode & 0o002 != 0 ? @mode & 0o777 : nil
    def world_readable? = @mode & 0o004 != 0 ? @mode & 0o777 : nil

    def <=>(o)
      o.is_a?(Stat) ? @mtime <=> o.instance_variable_get(:@mtime) : nil
    end
  end

  class << self
    def __stat(p, follow = true)
      RubyVM::FileIO.stat(RubyVM::FileIO.path(p), follow)
    end

    def exist?(p)
      !__stat(p).nil?
    end

    def file?(p)
      s = __stat(p)
      s ? s[0] == "file" : false
    end

    def directory?(p)
      s = __stat(p)
      s ? s[0] == "directory" : false
    end

    def symlink?(p)
      s = __stat(p, false)
      s ? s[0] == "link" : false
    end

    def pipe?(p)
      s = __stat(p)
      s ? s[0] == "fifo" : false
    end

    def socket?(p)
      s = __stat(p)
      s ? s[0] == "socket" : false
    end

    def readable?(p) = exist?(p)
    def world_readable?(p) = (s = __stat(p)) && s[2] & 0o004 != 0 ? s[2] & 0o777 : nil
    def writable?(p) = !(s = __stat(p)).nil? && s[2] & 0o222 != 0
    def executable?(p) = !(s = __stat(p)).nil? && s[2] & 0o111 != 0
    alias executable_real? executable?
    alias readable_real? readable?
    alias writable_real? writable?

    def size(p)
      RubyVM::FileIO.stat!(RubyVM::FileIO.path(p), true)[1]
    end

    def size?(p)
      s = __stat(p)
      s && s[1] > 0 ? s[1] : nil
    end

    def zero?(p)
      s = __stat(p)
      s ? s[1] == 0 : false
    end
    alias empty? zero?

    def ftype(p) = RubyVM::FileIO.stat!(RubyVM::FileIO.path(p), false)[0]
    def stat(p) = Stat.new(p)
    def lstat(p) = Stat.new(p, RubyVM::FileIO.stat!(RubyVM::FileIO.path(p), false))
    def mtime(p) = stat(p).mtime
    def atime(p) = stat(p).atime
    def ctime(p) = stat(p).ctime

    def identical?(a, b)
      x = __stat(a)
      y = __stat(b)
      !x.nil? && !y.nil? && x[8] == y[8] && x[9] == y[9]
    end

    def path(p) = RubyVM::FileIO.path(p).dup

    def basename(p, suffix = nil)
      p = RubyVM::FileIO.path(p)
      return "" if p.empty?
      s = p.sub(%r{/+\z}, "")
      return "/" if s.empty?
      b = s[(s.rindex("/") || -1) + 1..]
      if suffix
        if suffix == ".*"
          i = b.rindex(".")
          b = b[0...i] if i && i > 0
        elsif b.end_with?(suffix) && b != suffix
          b = b[0...(b.size - suffix.size)]
        end
      end
      b
    end

    def dirname(p, level = 1)
      p = RubyVM::FileIO.path(p)
      raise ArgumentError, "negative level: #{level}" if level < 0
      level.times do
        s = p.sub(%r{/+\z}, "")
        if s.empty?
          return p.empty? ? "." : "/"
        end
        i = s.rindex("/")
        return "." if i.nil?
        d = s[0...i].sub(%r{/+\z}, "")
        p = d.empty? ? "/" : d
      end
      p
    end

    def extname(p)
      b = basename(p)
      return "" if b.start_with?(".") && b.count(".") == 1
      b = b.sub(/\A\.+/, "")
      i = b.rindex(".")
      return "" if i.nil?
      b[i..]
    end

    def split(p) = [dirname(p), basename(p)]

    def join(*parts)
      return "" if parts.empty?
      strs = []
      flat = lambda do |a, seen|
        a.each do |x|
          if x.is_a?(Array)
            raise ArgumentError, "recursive array" if seen.include?(x.object_id)
            flat.call(x, seen + [x.object_id])
          else
            strs << RubyVM::FileIO.path(x)
          end
        end
      end
      flat.call(parts, [parts.object_id])
      r = +""
      strs.each_with_index do |s, i|
        if i == 0
          r << s
        elsif r.end_with?("/")
          r << (s.start_with?("/") ? s.sub(%r{\A/+}, "") : s)
        elsif s.start_with?("/")
          r << s
        else
          r << "/" << s
        end
      end
      r
    end

    def absolute_path?(p) = RubyVM::FileIO.path(p).start_with?("/")

    def __normalize(p)
      out = []
      # (Two or more leading slashes stay, as CRuby keeps them, until a
      # ".." goes up past a segment.)
      root = p[/\A\/+/] || "/"
      p.split("/").each do |seg|
        next if seg.empty? || seg == "."
        if seg == ".."
          root = "/" if out.pop
        else
          out << seg
        end
      end
      root + out.join("/")
    end

    def expand_path(p, dir = nil)
      p = RubyVM::FileIO.path(p)
      if p.start_with?("~")
        user, rest = p[1..].split("/", 2)
        if user.nil? || user.empty?
          home = ENV["HOME"]
          raise ArgumentError, "couldn't find login name -- expanding '~'" if home.nil?
          raise ArgumentError, "non-absolute home" unless home.start_with?("/")
          p = rest ? "#{home}/#{rest}" : home
        else
          home = user == ENV["USER"] ? ENV["HOME"] : nil
          raise ArgumentError, "user #{user} doesn't exist" if home.nil?
          p = rest ? "#{home}/#{rest}" : home
        end
      end
      unless p.start_with?("/")
        base = dir.nil? ? Dir.pwd : expand_path(dir)
        p = base.end_with?("/") ? "#{base}#{p}" : "#{base}/#{p}"
      end
      __normalize(p)
    end

    def absolute_path(p, dir = nil)
      p = RubyVM::FileIO.path(p)
      unless p.start_with?("/")
        base = dir.nil? ? Dir.pwd : absolute_path(dir)
        p = base.end_with?("/") ? "#{base}#{p}" : "#{base}/#{p}"
      end
      __normalize(p)
    end

    def realpath(p, dir = nil)
      p = RubyVM::FileIO.path(p)
      p = File.join(dir, p) if dir && !p.start_with?("/")
      RubyVM::FileIO.op(:realpath, p)
    end

    def realdirpath(p, dir = nil)
      realpath(p, dir)
    rescue Errno::ENOENT
      File.join(realpath(File.dirname(p), dir), File.basename(p))
    end

    def fnmatch(pat, path, flags = 0)
      RubyVM::FileIO.fnmatch(RubyVM::FileIO.path(pat), RubyVM::FileIO.path(path), flags)
    end
    alias fnmatch? fnmatch

    def read(p, len = nil, offset = nil, **kw)
      p = RubyVM::FileIO.path(p)
      if p.start_with?("|")
        return `#{p[1..]}`
      end
      s = RubyVM::FileIO.read(p)
      s = s[offset..] || "" if offset
      if len
        return nil if s.empty? && len > 0
        s = s[0, len]
      end
      s
    end

    def binread(p, len = nil, offset = nil)
      read(p, len, offset)
    end

    def write(p, str, offset = nil, mode: nil, **kw)
      p = RubyVM::FileIO.path(p)
      s = str.to_s
      append = mode.to_s.start_with?("a")
      if offset
        old = File.exist?(p) ? RubyVM::FileIO.read(p) : +""
        old << "\0" * (offset - old.size) if old.size < offset
        old[offset, s.size] = s
        RubyVM::FileIO.write(p, old, false)
        return s.bytesize
      end
      RubyVM::FileIO.write(p, s, append)
    end

    def binwrite(p, str, offset = nil)
      write(p, str, offset)
    end

    def readlines(p, sep = $/, limit = nil, chomp: false, **kw)
      RubyVM::FileIO.split_lines(read(p), sep, limit, chomp: chomp)
    end

    def foreach(p, sep = $/, limit = nil, chomp: false, **kw, &b)
      return to_enum(:foreach, p, sep, limit, chomp: chomp) unless b
      readlines(p, sep, limit, chomp: chomp).each(&b)
      nil
    end

    def open(*a, **kw)
      f = new(*a, **kw)
      return f unless block_given?
      begin
        yield f
      ensure
        f.close unless f.closed?
      end
    end

    def delete(*ps)
      ps.each { |p| RubyVM::FileIO.op(:unlink, RubyVM::FileIO.path(p)) }
      ps.size
    end
    alias unlink delete

    def rename(a, b)
      RubyVM::FileIO.op(:rename, RubyVM::FileIO.path(a), RubyVM::FileIO.path(b))
      0
    end

    def symlink(a, b)
      RubyVM::FileIO.op(:symlink, RubyVM::FileIO.path(a), RubyVM::FileIO.path(b))
      0
    end

    def link(a, b)
      RubyVM::FileIO.op(:link, RubyVM::FileIO.path(a), RubyVM::FileIO.path(b))
      0
    end

    def readlink(p) = RubyVM::FileIO.op(:readlink, RubyVM::FileIO.path(p))

    def umask(*args)
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)" if args.size > 1
      RubyVM::FileIO.umask(args.empty? ? nil : RubyVM::Prelude.to_long(args[0]))
    end

    def chmod(mode, *ps)
      ps.each { |p| RubyVM::FileIO.op(:chmod, RubyVM::FileIO.path(p), mode) }
      ps.size
    end

    def truncate(p, len)
      RubyVM::FileIO.op(:truncate, RubyVM::FileIO.path(p), len)
      0
    end

    def utime(atime, mtime, *paths)
      now = Time.now.to_f
      at = atime.nil? ? now : atime.to_f
      mt = mtime.nil? ? now : mtime.to_f
      paths.each { |p| RubyVM::FileIO.op(:utime, RubyVM::FileIO.path(p), at, mt) }
      paths.size
    end
  end

  # File.new(path, mode = "r", perm = 0666, mode:, flags:, perm:,
  # binmode:): the file opened on a real descriptor, its reads and
  # writes buffered as CRuby's (src/builtins/filebuf.rs).
  def initialize(path, mode = nil, perm = nil, **kw)
    if path.is_a?(Integer)
      @fd = path
      @path = nil
      @readable = false
      @writable = true
      return
    end
    @path = RubyVM::FileIO.path(path)
    flags, @binary = File.__open_flags(mode, kw)
    perm = kw[:perm] if kw.key?(:perm)
    perm = perm.nil? ? 0o666 : RubyVM::Prelude.to_long(perm)
    acc = flags & 3
    @readable = acc != WRONLY
    @writable = acc != RDONLY
    m = kw.key?(:mode) ? kw[:mode] : mode
    if m.is_a?(String) && m.include?(":")
      set_encoding(m.split(":", 2)[1])
    elsif kw[:encoding] || kw[:external_encoding]
      set_encoding(kw[:encoding] || kw[:external_encoding], kw[:internal_encoding])
    end
    @lineno = 0
    @closed = false
    # A FIFO is read through its descriptor as a pipe's end, so that
    # other threads run while it waits (written, it is buffered as a file).
    if acc == RDONLY && File.pipe?(@path)
      @mode = "r"
      return __open_stream(:r, false)
    end
    @fb = RubyVM::FileIO.fb_open(@path, flags, perm)
    # Open and readable / writable: the fast paths' one test.
    @rd = @readable
    @wr = @writable
  end

  # [open(2) flags, binary?] of a mode String ("r", "w+", "ab", "wx",
  # "r:enc") or Integer, and the keyword arguments.
  def self.__open_flags(mode, kw)
    mode = kw[:mode] if kw.key?(:mode)
    mode = "r" if mode.nil?
    binary = kw[:binmode] ? true : false
    if mode.is_a?(Integer)
      flags = mode
    else
      mode = RubyVM::FileIO.str_arg(mode)
      m = mode.sub(/:.*/m, "")
      flags = case m.delete("bt")
              when "r" then RDONLY
              when "r+" then RDWR
              when "w" then WRONLY | CREAT | TRUNC
              when "w+" then RDWR | CREAT | TRUNC
              when "a" then WRONLY | CREAT | APPEND
              when "a+" then RDWR | CREAT | APPEND
              when "wx" then WRONLY | CREAT | TRUNC | EXCL
              when "w+x" then RDWR | CREAT | TRUNC | EXCL
              else raise ArgumentError, "invalid access mode #{mode}"
              end
      raise ArgumentError, "invalid access mode #{mode}" if m.count("bt") > 1 || (m.include?("b") && m.include?("t"))
      binary = true if m.include?("b")
    end
    flags |= RubyVM::Prelude.to_long(kw[:flags]) if kw[:flags]
    [flags, binary]
  end

  def path = @path
  alias to_path path

  def inspect = "#<File:#{@path}#{@closed ? ' (closed)' : ''}>"

  def __check_closed
    raise IOError, "closed stream" if @closed
  end

  def __check_readable
    raise IOError, "closed stream" if @closed
    raise IOError, "not opened for reading" unless @readable
  end

  def __check_writable
    raise IOError, "closed stream" if @closed
    raise IOError, "not opened for writing" unless @writable
  end

  def write(*args)
    return RubyVM::FileIO.fb_write(@fb, args[0]) if @wr && args.size == 1
    __check_writable
    args.sum { |a| RubyVM::FileIO.fb_write(@fb, a) }
  end

  # Through `write`, as CRuby's (a singleton `write` sees it).
  def puts(*args)
    b = RubyVM::FileIO.puts_bytes(*args)
    write(b) unless b.empty?
    nil
  end

  def syswrite(s)
    __check_writable
    RubyVM::FileIO.fb_flush(@fb)
    n = RubyVM::FileIO.fb_write(@fb, s)
    RubyVM::FileIO.fb_flush(@fb)
    n
  end

  def pwrite(s, offset)
    __check_writable
    RubyVM::FileIO.fb_pwrite(@fb, s, offset)
  end

  def flush
    __check_closed
    RubyVM::FileIO.fb_flush(@fb) if @writable
    self
  end

  def fsync
    __check_closed
    RubyVM::FileIO.fb_fsync(@fb, false)
  end

  def fdatasync
    __check_closed
    RubyVM::FileIO.fb_fsync(@fb, true)
  end

  def sync
    __check_closed
    RubyVM::FileIO.fb_sync(@fb)
  end

  def sync=(v)
    __check_closed
    RubyVM::FileIO.fb_set_sync(@fb, v)
  end

  def fileno
    return @fd if @fd
    __check_closed
    RubyVM::FileIO.fb_fileno(@fb)
  end
  alias to_i fileno

  def size
    __check_closed
    RubyVM::FileIO.fb_size(@fb)
  end

  def close
    return nil if @closed
    @closed = true
    @rd = @wr = false
    RubyVM::FileIO.fb_close(@fb) if @fb
    nil
  end

  def closed? = @closed ? true : false

  def close_on_exec?
    __check_closed
    RubyVM::FileIO.fb_cloexec(@fb, nil)
  end

  def close_on_exec=(v)
    __check_closed
    RubyVM::FileIO.fb_cloexec(@fb, v ? true : false)
    v
  end

  def autoclose? = true
  def binmode? = @binary ? true : false

  def binmode
    __check_closed
    @binary = true
    self
  end

  # (CRuby's io_external_encoding: a writable File has none until set.)
  def external_encoding
    return @__ext_enc if @__ext_enc
    return Encoding::ASCII_8BIT if @binary
    @writable ? nil : Encoding.default_external
  end

  def pos
    __check_closed
    RubyVM::FileIO.fb_tell(@fb)
  end
  alias tell pos

  def pos=(n)
    __check_closed
    RubyVM::FileIO.fb_seek(@fb, RubyVM::Prelude.to_long(n), 0)
  end

  def seek(n, whence = 0)
    __check_closed
    whence = case whence
             when :SET then 0
             when :CUR then 1
             when :END then 2
             else RubyVM::Prelude.to_long(whence)
             end
    RubyVM::FileIO.fb_seek(@fb, RubyVM::Prelude.to_long(n), whence)
    0
  end

  def rewind
    __check_closed
    RubyVM::FileIO.fb_seek(@fb, 0, 0)
    @lineno = 0
    0
  end

  def eof?
    __check_readable
    RubyVM::FileIO.fb_eof(@fb)
  end
  alias eof eof?

  def read(len = nil, buf = nil)
    # (The common `read(n)`: straight to the buffer.)
    return RubyVM::FileIO.fb_read(@fb, len, true) if @rd && buf.nil? && Integer === len && len > 0
    __check_readable
    if len.nil?
      s = RubyVM::FileIO.fb_read(@fb, nil, @binary)
      if @__ext_enc
        s = s.force_encoding(@__ext_enc)
        s = s.encode(@__int_enc) if @__int_enc
      end
      return buf ? buf.replace(s) : s
    end
    len = RubyVM::Prelude.to_long(len)
    raise ArgumentError, "negative length #{len} given" if len.negative?
    s = len.zero? ? "".b : RubyVM::FileIO.fb_read(@fb, len, true)
    return s unless buf
    s.nil? ? (buf.replace(""); nil) : buf.replace(s)
  end

  def readpartial(len, buf = nil)
    __check_readable
    r = RubyVM::FileIO.fb_readpartial(@fb, len)
    raise EOFError, "end of file reached" if r.nil?
    buf ? buf.replace(r) : r
  end
  alias sysread readpartial

  def pread(len, offset, buf = nil)
    __check_readable
    r = RubyVM::FileIO.fb_pread(@fb, len, offset)
    raise EOFError, "end of file reached" if r.nil?
    buf ? buf.replace(r) : r
  end

  # A device or FIFO (`/dev/zero`, `/dev/null`, a named pipe): never
  # slurped when opened (it may have no end), but read and written
  # through its descriptor as a pipe's end is (RubyVM::PipeIO).
  def __open_stream(dir, append)
    fd = RubyVM::FileIO.fd_open(@path, dir == :w, append)
    binary = @binary
    extend RubyVM::PipeIO
    extend RubyVM::FileStream
    __pipe_init(fd, dir)
    @binary = binary
    self
  end

  def getc
    __check_readable
    RubyVM::FileIO.fb_getc(@fb, @binary)
  end

  def getbyte
    __check_readable
    RubyVM::FileIO.fb_getbyte(@fb)
  end

  def readbyte
    b = getbyte
    raise EOFError, "end of file reached" if b.nil?
    b
  end

  def ungetc(c)
    __check_readable
    c = c.is_a?(Integer) ? (@binary || c < 0x80 ? (c & 0xff).chr : c.chr(Encoding::UTF_8)) : RubyVM::FileIO.str_arg(c)
    RubyVM::FileIO.fb_unget(@fb, c)
  end

  def ungetbyte(b)
    __check_readable
    return nil if b.nil?
    b = b.is_a?(Integer) ? (b & 0xff).chr : RubyVM::FileIO.str_arg(b)
    RubyVM::FileIO.fb_unget(@fb, b)
  end

  def gets(*args, chomp: false)
    __check_readable
    sep, limit = __line_args(args)
    return $_ = +"" if limit == 0
    line = RubyVM::FileIO.fb_gets(@fb, sep, limit, @binary)
    if line
      # (A line the limit cut does not count, as CRuby.)
      cut = limit && line.bytesize >= limit && !(sep && line.end_with?(sep == "" ? "\n\n" : sep))
      if chomp && sep
        line = sep == "" ? line.chomp("\n\n").chomp("\n") : line.chomp(sep)
      end
      unless cut
        @lineno += 1
        $. = @lineno
      end
    end
    $_ = line
  end

  # [separator or nil, limit or nil] of gets(sep = $/, limit = nil).
  def __line_args(args)
    raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..2)" if args.size > 2
    sep = $/
    limit = nil
    if args.size == 2
      sep, limit = args
    elsif args.size == 1
      a = args[0]
      if a.nil? || a.is_a?(String) || a.respond_to?(:to_str)
        sep = a
      else
        limit = a
      end
    end
    sep = RubyVM::FileIO.str_arg(sep) unless sep.nil?
    limit = limit.nil? ? nil : RubyVM::Prelude.to_long(limit)
    limit = nil if limit&.negative?
    [sep, limit]
  end

  def readlines(*a, **kw)
    __check_readable
    raise ArgumentError, "invalid limit: 0 for readlines" if __line_args(a)[1] == 0
    r = []
    while (l = gets(*a, **kw))
      r << l
    end
    r
  end

  def each_line(*a, **kw)
    return to_enum(:each_line, *a, **kw) unless block_given?
    __check_readable
    raise ArgumentError, "invalid limit: 0 for each_line" if __line_args(a)[1] == 0
    while (l = gets(*a, **kw))
      yield l
    end
    self
  end
  alias each each_line

  # A copy on its own descriptor (dup(2)), after this one's buffer is
  # written.
  def initialize_copy(orig)
    super
    @fb = RubyVM::FileIO.fb_dup(@fb) if @fb && !@closed
  end

  def stat
    __check_closed
    File::Stat.new(@path, RubyVM::FileIO.fb_stat(@fb))
  end

  def lstat = File.lstat(@path)
  def mtime = stat.mtime
  def atime = stat.atime
  def ctime = stat.ctime

  def truncate(n)
    __check_writable
    RubyVM::FileIO.fb_truncate(@fb, n)
  end

  def chmod(m)
    File.chmod(m, @path)
    0
  end

  # A lock held elsewhere is waited for a little at a time, so that other
  # threads run meanwhile.
  def flock(op)
    __check_closed
    op = RubyVM::Prelude.to_long(op)
    return RubyVM::FileIO.fb_flock(@fb, op) if op & (LOCK_NB | LOCK_UN) != 0
    while (r = RubyVM::FileIO.fb_flock(@fb, op | LOCK_NB)) == false
      Thread.__wait(nil, Thread.__now + 0.01)
      __check_closed
    end
    r
  end
end

class Dir
  include Enumerable

  class << self
    def pwd = RubyVM::FileIO.getcwd
    alias getwd pwd

    def chdir(d = nil)
      d = home if d.nil?
      d = RubyVM::FileIO.path(d)
      if block_given?
        old = pwd
        RubyVM::FileIO.op(:chdir, d)
        begin
          return yield(d)
        ensure
          RubyVM::FileIO.op(:chdir, old)
        end
      end
      RubyVM::FileIO.op(:chdir, d)
      0
    end

    def chroot(d)
      RubyVM::FileIO.op(:chroot, RubyVM::FileIO.path(d))
      0
    end

    def mkdir(d, perm = 0o777)
      RubyVM::FileIO.op(:mkdir, RubyVM::FileIO.path(d), RubyVM::Prelude.to_long(perm))
      0
    end

    def rmdir(d)
      RubyVM::FileIO.op(:rmdir, RubyVM::FileIO.path(d))
      0
    end
    alias delete rmdir
    alias unlink rmdir

    def exist?(d) = File.directory?(d)

    # $HOME, else the user's entry in /etc/passwd; a new String each time.
    def home(user = nil)
      if user.nil?
        h = ENV["HOME"]
        return h.dup if h
        user_home(nil) or raise ArgumentError, "couldn't find login name -- expanding '~'"
      else
        user = RubyVM::FileIO.path(user)
        user_home(user) or raise ArgumentError, "user #{user} doesn't exist"
      end
    end

    # The names, in the encoding given (else the file system's, UTF-8).
    def entries(d, encoding: nil)
      names = RubyVM::FileIO.op(:entries, RubyVM::FileIO.path(d))
      names.each { |n| n.force_encoding(encoding) } if encoding
      names
    end

    def children(d, encoding: nil) = entries(d, encoding: encoding) - [".", ".."]

    def empty?(d)
      d = RubyVM::FileIO.path(d)
      RubyVM::FileIO.raise_errno(2, "rb_dir_s_empty_p - #{d}") unless File.exist?(d)
      return false unless File.directory?(d)
      RubyVM::FileIO.op(:entries, d).size <= 2
    end

    def foreach(d, **kw, &b)
      return to_enum(:foreach, d, **kw) unless b
      entries(d, **kw).each(&b)
      nil
    end

    def each_child(d, **kw, &b)
      return to_enum(:each_child, d, **kw) unless b
      children(d, **kw).each(&b)
      nil
    end

    def glob(pat, flags = 0, base: nil, sort: true, &b)
      unless sort == true || sort == false
        raise ArgumentError, "expected true or false as sort: #{sort.inspect}"
      end
      pats = pat.is_a?(Array) ? pat : [pat]
      r = []
      pats.each do |p|
        p = RubyVM::FileIO.path(p)
        raise ArgumentError, "nul-separated glob pattern is deprecated" if p.include?("\0")
        r.concat(RubyVM::FileIO.glob(p, base && RubyVM::FileIO.path(base), flags))
      end
      if b
        r.each(&b)
        return nil
      end
      r
    end

    def [](*pats, base: nil, sort: true)
      glob(pats.flatten, 0, base: base, sort: sort)
    end

    def open(d, **kw)
      x = new(d, **kw)
      return x unless block_given?
      begin
        yield x
      ensure
        x.close
      end
    end

    private

    # The home directory of `user` (the current one when nil) from
    # /etc/passwd, or nil.
    def user_home(user)
      uid = Process.uid
      File.foreach("/etc/passwd") do |line|
        f = line.chomp.split(":")
        next if f.size < 6
        return f[5] if user ? f[0] == user : f[2].to_i == uid
      end
      nil
    rescue SystemCallError
      nil
    end
  end

  # The entries are read when the Dir is opened; #pos is an index into them.
  def initialize(d, encoding: nil)
    @path = RubyVM::FileIO.path(d)
    @entries = Dir.entries(@path, encoding: encoding)
    @pos = 0
    @closed = false
  end

  def path = @path
  alias to_path path

  def read
    __check_open
    e = @entries[@pos]
    @pos += 1 if e
    e
  end

  # From the first entry (CRuby rewinds too) to the end, where it stays.
  def each
    return to_enum(:each) unless block_given?
    __check_open
    @pos = 0
    while (e = read)
      yield e
    end
    self
  end

  def children
    __check_open
    @pos = @entries.size
    @entries - [".", ".."]
  end

  def each_child(&b)
    return to_enum(:each_child) unless b
    children.each(&b)
    self
  end

  def pos
    __check_open
    @pos
  end
  alias tell pos

  def seek(pos)
    __check_open
    @pos = RubyVM::Prelude.to_long(pos).clamp(0, @entries.size)
    self
  end

  def pos=(pos)
    seek(pos)
    pos
  end

  def rewind
    __check_open
    @pos = 0
    self
  end

  def close
    @closed = true
    nil
  end

  def fileno
    __check_open
    3
  end

  def inspect = "#<Dir:#{@path}>"

  private

  def __check_open
    raise IOError, "closed directory" if @closed
  end
end

module Process
  Tms = Struct.new(:utime, :stime, :cutime, :cstime)

  def self.times = Tms.new(*__times)

  # Process.exit/exit!/abort: Kernel's (CRuby defines them on both).
  def self.exit(*args) = Kernel.exit(*args)
  def self.exit!(*args) = Kernel.exit!(*args)
  def self.abort(*args) = Kernel.abort(*args)

  class Status
    attr_reader :pid

    def initialize(pid, status, sig)
      @pid = pid
      @status = status
      @termsig = sig
    end

    def exitstatus = @status
    def success? = @status.nil? ? nil : @status == 0
    def exited? = !@status.nil?
    def signaled? = !@termsig.nil?
    def termsig = @termsig
    def stopped? = false
    def coredump? = false
    def to_i = @status ? (@status << 8) : @termsig.to_i
    def ==(o) = o.is_a?(Status) ? to_i == o.to_i : to_i == o
    def >>(n) = to_i >> n
    def &(n) = to_i & n

    def to_s
      if @termsig
        names = Signal.list.invert rescue {}
        nm = names[@termsig]
        "pid #{@pid} SIG#{nm || @termsig} (signal #{@termsig})"
      else
        "pid #{@pid} exit #{@status}"
      end
    end

    def inspect
      if @termsig
        names = Signal.list.invert rescue {}
        nm = names[@termsig]
        "#<Process::Status: pid #{@pid} SIG#{nm || @termsig} (signal #{@termsig})>"
      else
        "#<Process::Status: pid #{@pid} exit #{@status}>"
      end
    end
  end

  def self.last_status = $?
end

module Kernel
  private

  def `(cmd)
    cmd = RubyVM::FileIO.path(cmd)
    r = RubyVM::FileIO.run(cmd, true, ENV.__overlay)
    raise Errno::ENOENT, cmd.strip.split(/\s+/)[0].to_s if r.nil?
    out, code, sig, pid = r
    RubyVM::FileIO.last_status = Process::Status.new(pid, code, sig)
    out
  end

  def system(*args, exception: false, **opts)
    env = args[0].is_a?(Hash) ? ENV.__overlay.merge(args.shift.to_h { |k, v| [k.to_s, v&.to_s] }) : ENV.__overlay
    cmd = args.size == 1 ? args[0] : args.map { |a| a.is_a?(Array) ? a[0] : a }
    cmd = RubyVM::FileIO.path(cmd) unless cmd.is_a?(Array)
    r = RubyVM::FileIO.run(cmd, false, env)
    if r.nil?
      raise Errno::ENOENT, (cmd.is_a?(Array) ? cmd[0] : cmd) if exception
      return nil
    end
    _, code, sig, pid = r
    RubyVM::FileIO.last_status = Process::Status.new(pid, code, sig)
    if code == 127 && !cmd.is_a?(Array)
      return nil unless exception
      raise Errno::ENOENT, cmd
    end
    raise RuntimeError, "Command failed with exit #{code}: #{cmd.is_a?(Array) ? cmd.join(' ') : cmd}" if exception && code != 0
    code == 0
  end

  def gets(*a, **kw) = $stdin.gets(*a, **kw)
  def readline(*a, **kw) = $stdin.readline(*a, **kw)
  def readlines(*a, **kw) = $stdin.readlines(*a, **kw)

  def open(path, *a, **kw, &b)
    if path.is_a?(String) && path.start_with?("|")
      return IO.popen(path[1..], *a, **kw, &b)
    end
    File.open(path, *a, **kw, &b)
  end

  def test(cmd, a, b = nil)
    case cmd.is_a?(Integer) ? cmd.chr : cmd.to_s
    when "e" then File.exist?(a)
    when "f" then File.file?(a)
    when "d" then File.directory?(a)
    when "s" then File.size?(a)
    when "z" then File.zero?(a)
    when "r" then File.readable?(a)
    when "w" then File.writable?(a)
    when "x" then File.executable?(a)
    when "l" then File.symlink?(a)
    else false
    end
  end
end

module FileTest
  %i[exist? file? directory? symlink? readable? writable? executable? size size? zero? empty? pipe? socket? identical?].each do |m|
    define_singleton_method(m) { |*a| File.__send__(m, *a) }
  end
end

# ENV writes live in an overlay (the process environment is not changed:
# std::env::set_var is unsafe); child processes get the overlay.
class << ENV
  include Enumerable

  alias_method :__raw_get, :[]
  alias_method :__raw_to_h, :to_h

  def __overlay
    @overlay ||= {}
  end

  def __key(k)
    k = k.to_str if !k.is_a?(String) && k.respond_to?(:to_str)
    raise TypeError, "no implicit conversion of #{RubyVM::FileIO.tname(k)} into String" unless k.is_a?(String)
    k
  end

  # A name setenv accepts.
  def __name(k)
    k = __key(k)
    raise ArgumentError, "bad environment variable name: contains null byte" if k.include?("\0")
    raise Errno::EINVAL, "setenv(#{k})" if k.empty? || k.include?("=")
    k
  end

  def __value(v)
    v = __key(v)
    raise ArgumentError, "bad environment variable value: contains null byte" if v.include?("\0")
    v
  end

  def [](k)
    k = __key(k)
    v = __overlay.key?(k) ? __overlay[k]&.dup : __raw_get(k)
    v&.freeze
  end

  def []=(k, v)
    k = v.nil? ? __key(k) : __name(k)
    v = __value(v) unless v.nil?
    __overlay[k] = v.nil? ? nil : v.dup.freeze
    v
  end
  alias_method :store, :[]=

  def delete(k)
    k = __key(k)
    old = self[k]
    __overlay[k] = nil
    old.nil? && block_given? ? yield(k) : old
  end

  def to_h(&b)
    h = __raw_to_h
    __overlay.each { |k, v| v.nil? ? h.delete(k) : h[k] = v }
    h.each_value(&:freeze)
    b ? h.to_h(&b) : h
  end

  def to_hash = to_h

  def fetch(k, *d)
    warn "block supersedes default value argument", uplevel: 1 if block_given? && !d.empty?
    v = self[k]
    return v unless v.nil?
    return yield(k) if block_given?
    return d[0] unless d.empty?
    raise KeyError.new("key not found: #{k.inspect}", receiver: self, key: k)
  end

  def key?(k) = !self[k].nil?
  alias_method :include?, :key?
  alias_method :has_key?, :key?
  alias_method :member?, :key?
  def keys = to_h.keys
  def values = to_h.values

  def each
    return enum_for(:each) { size } unless block_given?
    to_h.each { |k, v| yield k, v }
    self
  end
  alias_method :each_pair, :each

  def each_key
    return enum_for(:each_key) { size } unless block_given?
    keys.each { |k| yield k }
    self
  end

  def each_value
    return enum_for(:each_value) { size } unless block_given?
    values.each { |v| yield v }
    self
  end

  def to_a = to_h.to_a
  def size = to_h.size
  alias_method :length, :size
  def empty? = to_h.empty?

  def select(&b)
    return enum_for(:select) { size } unless b
    to_h.select(&b)
  end
  alias_method :filter, :select

  def reject(&b)
    return enum_for(:reject) { size } unless b
    to_h.reject(&b)
  end

  def filter_map(&b) = to_h.filter_map(&b)
  def map(&b) = to_h.map(&b)

  # The in-place filters: the pairs the block drops are deleted; the
  # bang forms answer nil when nothing changed.
  def __delete_where(name)
    n = 0
    to_h.each do |k, v|
      drop = yield(k, v)
      drop = !drop if name == :keep
      if drop
        delete(k)
        n += 1
      end
    end
    n
  end
  private :__delete_where

  def delete_if(&b)
    return enum_for(:delete_if) { size } unless b
    __delete_where(:drop, &b)
    self
  end

  def reject!(&b)
    return enum_for(:reject!) { size } unless b
    __delete_where(:drop, &b).zero? ? nil : self
  end

  def keep_if(&b)
    return enum_for(:keep_if) { size } unless b
    __delete_where(:keep, &b)
    self
  end

  def select!(&b)
    return enum_for(:select!) { size } unless b
    __delete_where(:keep, &b).zero? ? nil : self
  end
  alias_method :filter!, :select!

  def key(v)
    v = __key(v)
    to_h.key(v)
  end

  # A value argument: a String (or to_str), else nil.
  def __value_arg(v)
    v = v.to_str if !v.is_a?(String) && v.respond_to?(:to_str)
    v.is_a?(String) ? v : nil
  end

  def value?(v)
    v = __value_arg(v) or return nil
    to_h.value?(v)
  end
  alias_method :has_value?, :value?

  def rassoc(v)
    v = __value_arg(v) or return nil
    to_h.rassoc(v)
  end

  def assoc(k)
    k = __key(k)
    (v = self[k]) ? [k, v] : nil
  end

  def values_at(*ks) = ks.map { |k| self[k] }
  def slice(*ks) = ks.each_with_object({}) { |k, h| v = self[k]; h[k] = v unless v.nil? }
  def except(*ks) = to_h.except(*ks)
  def invert = to_h.invert

  def update(*hs)
    hs.each do |h|
      h = h.to_hash unless h.is_a?(Hash)
      h.each do |k, v|
        k = __name(k)
        v = yield(k, self[k], v) if block_given? && key?(k)
        self[k] = v
      end
    end
    self
  end
  alias_method :merge!, :update

  def replace(h)
    unless h.is_a?(Hash)
      raise TypeError, "no implicit conversion of #{RubyVM::FileIO.tname(h)} into Hash" unless h.respond_to?(:to_hash)
      h = h.to_hash
    end
    h.each { |k, v| __name(k); __value(v) }
    (keys - h.keys).each { |k| delete(k) }
    h.each { |k, v| self[k] = v }
    self
  end

  def shift
    k, v = to_h.first
    return nil if k.nil?
    delete(k)
    [k, v]
  end

  def clear = (keys.each { |k| delete(k) }; self)
  def inspect = "{#{to_h.map { |k, v| "#{k.inspect}=>#{v.inspect}" }.join(', ')}}"
  def to_s = "ENV"
  def rehash = nil
  def freeze = raise(TypeError, "cannot freeze ENV")
  def dup = raise(TypeError, "Cannot dup ENV, use ENV.to_h to get a copy of ENV as a hash")
end


module Kernel
  # `alias`/`undef` with interpolated Symbols (compiled as calls).
  def __alias_dynamic(new, old)
    (is_a?(Module) ? self : self.class).__send__(:alias_method, new, old)
    nil
  end

  def __undef_dynamic(name)
    (is_a?(Module) ? self : self.class).__send__(:undef_method, name)
    nil
  end
  private :__alias_dynamic, :__undef_dynamic
end

# Kernel's global functions are Kernel's singleton methods too (CRuby's
# module functions): `Kernel.puts`, `Kernel.raise`, `Kernel.sleep`. Here,
# after the files above redefined some of them.
module Kernel
  module_function(*%i[
    Array Complex Float Hash Integer Rational String __dir__ __method__ `
    abort at_exit autoload binding block_given? caller caller_locations
    catch exit exit! fail format gets global_variables iterator? lambda load
    local_variables loop open p print printf proc putc puts raise rand
    readline readlines require require_relative set_trace_func sleep sprintf
    srand system test throw warn
  ])
end
