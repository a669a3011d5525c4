# frozen_string_literal: true
#
# stringio.rb: StringIO, an IO over a String (require 'stringio').
#
# carmine's own implementation of the common part of Ruby 3.1's StringIO:
# writing (write/puts/print/printf/<</putc), reading (read/gets/each_line/
# readlines/getc/each_char), positioning (pos/seek/rewind/eof?), and
# string/close/truncate. Positions are byte offsets, as in CRuby.
class StringIO
  include Enumerable

  attr_reader :lineno
  attr_writer :lineno

  def self.open(string = +"", mode = nil, &block)
    io = new(string, mode)
    return io unless block
    begin
      yield io
    ensure
      io.close unless io.closed?
    end
  end

  def initialize(string = +"", mode = nil)
    @string = string
    @pos = 0
    @lineno = 0
    @closed_read = false
    @closed_write = false
    @append = mode.to_s.start_with?("a")
    if mode.to_s.start_with?("w")
      raise IOError, "not opened for writing" if @string.frozen?
      @string.replace("")
    end
  end

  def string = @string

  def string=(s)
    @string = s
    @pos = 0
    @lineno = 0
  end

  def pos = @pos
  alias tell pos

  def pos=(n)
    raise Errno::EINVAL, "Invalid argument" if n.negative?
    @pos = n
  end

  def seek(offset, whence = 0)
    base = case whence
           when 0, :SET then 0
           when 1, :CUR then @pos
           when 2, :END then @string.bytesize
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
  def binmode = self
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

  def set_encoding_by_bom = nil
  def internal_encoding = nil
  def close = (@closed_read = @closed_write = true) && nil
  def close_read = (@closed_read = true) && nil
  def close_write = (@closed_write = true) && nil
  def closed? = @closed_read && @closed_write
  def closed_read? = @closed_read
  def closed_write? = @closed_write

  def write(*objs)
    raise IOError, "not opened for writing" if @closed_write
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
    raise IOError, "not opened for reading" if @closed_read
    rest = @string.byteslice(@pos..) || ""
    if length.nil?
      @pos = @string.bytesize if @pos < @string.bytesize
      data = rest
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

  def gets(sep = $/, limit = nil, chomp: false)
    raise IOError, "not opened for reading" if @closed_read
    if sep.is_a?(Integer)
      limit = sep
      sep = $/
    end
    return nil if @pos >= @string.bytesize
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
    $_ = line
  end

  def readline(*args, **kw)
    gets(*args, **kw) || raise(EOFError, "end of file reached")
  end

  def each_line(sep = $/, limit = nil, chomp: false)
    unless block_given?
      return Enumerator.new { |y| each_line(sep, limit, chomp: chomp) { |l| y << l } }
    end
    while (line = gets(sep, limit, chomp: chomp))
      yield line
    end
    self
  end
  alias each each_line

  def readlines(sep = $/, limit = nil, chomp: false) = each_line(sep, limit, chomp: chomp).to_a

  def getc
    return nil if @pos >= @string.bytesize
    c = @string.byteslice(@pos..)[0]
    @pos += c.bytesize
    c
  end

  def getbyte
    return nil if @pos >= @string.bytesize
    b = @string.getbyte(@pos)
    @pos += 1
    b
  end

  def readchar = getc || raise(EOFError, "end of file reached")
  def readbyte = getbyte || raise(EOFError, "end of file reached")

  def ungetc(c)
    s = c.is_a?(Integer) ? c.chr : c.to_s
    if @pos.zero?
      @string.replace(s + @string)
    else
      @pos -= s.bytesize
      @string.replace(@string.byteslice(0, @pos) + s + (@string.byteslice(@pos + s.bytesize..) || ""))
    end
    nil
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
    @string.replace(@string.byteslice(0, len).ljust(len, "\0"))
    0
  end

  def inspect = "#<StringIO:0x#{format('%016x', object_id * 8)}>"
end
