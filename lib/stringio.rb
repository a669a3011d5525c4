# frozen_string_literal: true
#
# stringio.rb: StringIO, an IO over a String (require 'stringio').
#
# carmine's own implementation of the common part of Ruby 3.1's StringIO:
# writing (write/puts/print/printf/<</putc), reading (read/gets/each_line/
# readlines/getc/each_char), positioning (pos/seek/rewind/eof?), and
# string/close/truncate, open modes (a frozen String opens read-only),
# set_encoding/set_encoding_by_bom/binmode, reopen. Positions are byte
# offsets, as in CRuby; errors are stringio.c's.
class StringIO
  include Enumerable

  attr_reader :lineno
  attr_writer :lineno

  def self.open(string = +"", mode = nil, **opts, &block)
    io = new(string, mode, **opts)
    return io unless block
    begin
      yield io
    ensure
      io.close unless io.closed?
    end
  end

  def initialize(string = +"", mode = nil, **opts)
    mode = opts[:mode] if mode.nil? && opts.key?(:mode)
    __open(string, mode)
  end

  # stringio.c's strio_init: the access mode from a String ("r", "w+",
  # "a:enc"...) or File flags; none: read-only for a frozen String.
  def __open(string, mode)
    string = String.new(string) unless string.is_a?(String)
    read = write = true
    append = truncate = false
    enc = nil
    case mode
    when nil
      write = !string.frozen?
    when Integer
      acc = mode & 3
      read = acc != File::WRONLY
      write = acc != File::RDONLY
      append = mode & File::APPEND != 0
      truncate = mode & File::TRUNC != 0
    else
      m = mode.to_str
      access, enc = m.split(":", 2)
      raise ArgumentError, "invalid access mode #{m}" unless access.match?(/\A[rwa][bt]?\+?[bt]?\z/)
      plus = access.include?("+")
      case access[0]
      when "r" then write = plus
      when "w" then read = plus; truncate = true
      when "a" then read = plus; append = true
      end
    end
    raise Errno::EACCES if write && string.frozen?
    string.replace("") if truncate
    @string = string
    @pos = 0
    @lineno = 0
    @closed_read = !read
    @closed_write = !write
    @append = append
    @encoding = enc && Encoding.find(enc.split(":").first)
  end
  private :__open

  def reopen(string = +"", mode = nil)
    if string.is_a?(StringIO) && mode.nil?
      @string = string.string
      @pos = string.pos
      @lineno = string.lineno
      @closed_read = string.closed_read?
      @closed_write = string.closed_write?
      @encoding = nil
      return self
    end
    __open(string, mode)
    self
  end

  def fcntl(*)
    raise NotImplementedError, "fcntl() function is unimplemented on this machine"
  end

  def __readable!
    raise IOError, "not opened for reading" if @closed_read
  end

  def __writable!
    raise IOError, "not opened for writing" if @closed_write
  end
  private :__readable!, :__writable!

  # A String read from the buffer, in the external encoding.
  def __enc(str)
    @encoding && str.encoding != @encoding ? str.force_encoding(@encoding) : str
  end
  private :__enc

  def string = @string

  def string=(s)
    @string = s
    @pos = 0
    @lineno = 0
  end

  def pos = @pos
  alias tell pos

  def pos=(n)
    n = Integer(n)
    raise Errno::EINVAL if n.negative?
    @pos = n
  end

  def seek(offset, whence = 0)
    raise IOError, "closed stream" if closed?
    base = case whence
           when 0, :SET then 0
           when 1, :CUR then @pos
           when 2, :END then @string.bytesize
           else raise Errno::EINVAL, "invalid whence"
           end
    self.pos = base + offset
    0
  end

  def rewind
    @pos = 0
    @lineno = 0
    0
  end

  def size = @string.bytesize
  alias length size
  def eof? = @pos >= @string.bytesize
  alias eof eof?
  def sync = true
  def sync=(v)
    v
  end
  def flush = self
  def fsync = 0
  def fileno = nil
  def tty? = false
  alias isatty tty?
  def binmode
    @encoding = Encoding::ASCII_8BIT
    @string.force_encoding(@encoding) unless @closed_write || @string.frozen?
    self
  end
  def external_encoding = @encoding || @string.encoding

  # Sets the encoding reads and writes use; the string itself is
  # re-tagged unless frozen (as CRuby).
  def set_encoding(ext, _int = nil, **_opts)
    enc =
      case ext
      when nil then Encoding.default_external
      when Encoding then ext
      else Encoding.find(ext.to_s.split(":").first)
      end
    @encoding = enc
    @string.force_encoding(enc) unless @string.frozen?
    self
  end

  # Skips a byte-order mark at the start and takes its encoding.
  def set_encoding_by_bom
    head = @string.byteslice(0, 4).b
    enc, len =
      if head.start_with?("\xEF\xBB\xBF".b) then [Encoding::UTF_8, 3]
      elsif head.start_with?("\x00\x00\xFE\xFF".b) then [Encoding::UTF_32BE, 4]
      elsif head.start_with?("\xFF\xFE\x00\x00".b) then [Encoding::UTF_32LE, 4]
      elsif head.start_with?("\xFE\xFF".b) then [Encoding::UTF_16BE, 2]
      elsif head.start_with?("\xFF\xFE".b) then [Encoding::UTF_16LE, 2]
      end
    return nil unless enc
    @pos = len
    set_encoding(enc)
    enc
  end
  def internal_encoding = nil
  def close = (@closed_read = @closed_write = true) && nil
  def close_read = (@closed_read = true) && nil
  def close_write = (@closed_write = true) && nil
  def closed? = @closed_read && @closed_write
  def closed_read? = @closed_read
  def closed_write? = @closed_write

  def write(*objs)
    __writable!
    objs.sum do |o|
      s = o.to_s
      raise FrozenError, "can't modify frozen String: #{@string.inspect}" if @string.frozen?
      @pos = @string.bytesize if @append
      if @pos > @string.bytesize
        @string << ("\0" * (@pos - @string.bytesize))
      end
      before = @string.byteslice(0, @pos)
      after = @string.byteslice(@pos + s.bytesize..) || ""
      @string.replace(before + s + after)
      @pos += s.bytesize
      s.bytesize
    end
  end
  alias syswrite write
  alias write_nonblock write

  def <<(obj)
    write(obj)
    self
  end

  def print(*objs)
    objs = [$_] if objs.empty?
    write(objs.join)
    nil
  end

  def puts(*objs)
    if objs.empty?
      write("\n")
      return nil
    end
    objs.each do |o|
      if o.is_a?(Array)
        o.flatten.each { |x| puts(x) }
        next
      end
      s = o.nil? ? "" : o.to_s
      write(s.end_with?("\n") ? s : s + "\n")
    end
    nil
  end

  def printf(fmt, *args)
    write(format(fmt, *args))
    nil
  end

  def putc(c)
    write(c.is_a?(Integer) ? (c & 0xff).chr : c.to_s[0])
    c
  end

  def read(length = nil, outbuf = nil)
    __readable!
    rest = @string.byteslice(@pos..) || ""
    if length.nil?
      @pos = @string.bytesize if @pos < @string.bytesize
      data = __enc(rest)
    else
      raise ArgumentError, "negative length #{length} given" if length.negative?
      return(length.zero? ? +"" : nil) if rest.empty?
      data = rest.byteslice(0, length)
      @pos += data.bytesize
      data = data.b
    end
    outbuf ? outbuf.replace(data) : +data
  end

  def read_nonblock(length, outbuf = nil, exception: true)
    r = read(length, outbuf)
    raise EOFError, "end of file reached" if r.nil? && exception
    r
  end

  def readpartial(length, outbuf = nil) = read_nonblock(length, outbuf)
  alias sysread readpartial

  def gets(sep = $/, limit = nil, chomp: false)
    __readable!
    if sep.is_a?(Integer)
      limit = sep
      sep = $/
    end
    return nil if @pos >= @string.bytesize
    return __enc(+"") if limit == 0
    rest = @string.byteslice(@pos..)
    line = if sep.nil?
             rest
           elsif sep.empty?
             m = rest.match(/\A\n*(.*?\n\n)\n*|\A\n*(.+)\z/m)
             m ? (m[1] || m[2]) : rest
           else
             i = rest.index(sep)
             i ? rest[0, i + sep.size] : rest
           end
    line = line.byteslice(0, limit) if limit && limit >= 0 && line.bytesize > limit
    consumed = sep == "" ? rest.index(line) + line.bytesize : line.bytesize
    @pos += consumed
    @lineno += 1
    line = line.chomp(sep == "" ? "\n" : sep) if chomp && sep
    $_ = __enc(line)
  end

  def readline(*args, **kw)
    gets(*args, **kw) || raise(EOFError, "end of file reached")
  end

  def each_line(sep = $/, limit = nil, chomp: false)
    unless block_given?
      return Enumerator.new { |y| each_line(sep, limit, chomp: chomp) { |l| y << l } }
    end
    __check_limit(sep, limit, "each_line")
    while (line = gets(sep, limit, chomp: chomp))
      yield line
    end
    self
  end
  alias each each_line

  def readlines(sep = $/, limit = nil, chomp: false)
    __check_limit(sep, limit, "readlines")
    each_line(sep, limit, chomp: chomp).to_a
  end

  def __check_limit(sep, limit, name)
    limit = sep if sep.is_a?(Integer)
    raise ArgumentError, "invalid limit: 0 for #{name}" if limit == 0
  end
  private :__check_limit

  def getc
    __readable!
    return nil if @pos >= @string.bytesize
    c = __enc(@string.byteslice(@pos..))[0]
    @pos += c.bytesize
    c
  end

  def getbyte
    __readable!
    return nil if @pos >= @string.bytesize
    b = @string.getbyte(@pos)
    @pos += 1
    b
  end

  def readchar = getc || raise(EOFError, "end of file reached")
  def readbyte = getbyte || raise(EOFError, "end of file reached")

  def ungetc(c)
    __readable!
    return nil if c.nil?
    s = c.is_a?(Integer) ? c.chr(external_encoding) : c.to_str
    if @pos.zero?
      @string.replace(s + @string)
    else
      @pos -= s.bytesize
      @string.replace(@string.byteslice(0, @pos) + s + (@string.byteslice(@pos + s.bytesize..) || ""))
    end
    nil
  end

  def ungetbyte(b)
    __readable!
    return nil if b.nil?
    ungetc(b.is_a?(Integer) ? (b & 0xff).chr : b.to_str.b)
  end

  def each_codepoint(&block)
    return enum_for(:each_codepoint) unless block
    each_char { |c| yield c.ord }
    self
  end

  def each_char
    return enum_for(:each_char) unless block_given?
    while (c = getc)
      yield c
    end
    self
  end

  def each_byte
    return enum_for(:each_byte) unless block_given?
    while (b = getbyte)
      yield b
    end
    self
  end

  def truncate(len)
    __writable!
    len = Integer(len)
    raise Errno::EINVAL, "negative length" if len.negative?
    cur = @string.bytesize
    if len <= cur
      @string.replace(@string.byteslice(0, len))
    else
      @string << ("\0" * (len - cur))
    end
    0
  end

  def inspect = "#<StringIO:0x#{format('%016x', object_id * 8)}>"
end
