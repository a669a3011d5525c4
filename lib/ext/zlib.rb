# frozen_string_literal: true
#
# The Ruby half of carmine's zlib.so (src/builtins/ext/zlib.rs gives the
# checksums and one-shot `__deflate`/`__inflate`): error classes,
# constants, Zlib::Deflate/Inflate (streams that keep their input and
# compress or decompress it whole), gzip framing, GzipWriter/GzipReader.
module Zlib
  VERSION = "2.1.1"
  ZLIB_VERSION = "1.2.13"

  class Error < StandardError; end
  class StreamEnd < Error; end
  class NeedDict < Error; end
  class DataError < Error; end
  class StreamError < Error; end
  class MemError < Error; end
  class BufError < Error; end
  class VersionError < Error; end
  class InProgressError < Error; end

  BINARY = 0
  ASCII = 1
  TEXT = 1
  UNKNOWN = 2
  NO_COMPRESSION = 0
  BEST_SPEED = 1
  BEST_COMPRESSION = 9
  DEFAULT_COMPRESSION = -1
  FILTERED = 1
  HUFFMAN_ONLY = 2
  RLE = 3
  FIXED = 4
  DEFAULT_STRATEGY = 0
  MAX_WBITS = 15
  DEF_MEM_LEVEL = 8
  MAX_MEM_LEVEL = 9
  NO_FLUSH = 0
  SYNC_FLUSH = 2
  FULL_FLUSH = 3
  FINISH = 4
  OS_MSDOS = 0
  OS_AMIGA = 1
  OS_VMS = 2
  OS_UNIX = 3
  OS_VMCMS = 4
  OS_ATARI = 5
  OS_OS2 = 6
  OS_MACOS = 7
  OS_ZSYSTEM = 8
  OS_CPM = 9
  OS_TOPS20 = 10
  OS_WIN32 = 11
  OS_QDOS = 12
  OS_RISCOS = 13
  OS_UNKNOWN = 255
  OS_CODE = OS_UNIX

  # A stream: input collected until `finish` (or a FINISH flush).
  class ZStream
    def initialize
      @input = "".b
      @closed = false
      @finished = false
      @total_in = 0
      @total_out = 0
    end

    attr_reader :total_in, :total_out

    def finished? = @finished
    alias stream_end? finished?

    def closed? = @closed
    alias ended? closed?

    def close
      @closed = true
      nil
    end
    alias end close

    def reset
      @input = "".b
      @finished = false
      nil
    end

    def avail_in = 0
    def avail_out = 0
    def data_type = BINARY

    private

    def check_open
      raise Zlib::Error, "stream is not ready" if @closed
    end
  end

  class Deflate < ZStream
    def self.deflate(src, level = DEFAULT_COMPRESSION)
      Zlib.__deflate(src, level, false)
    end

    # A z_stream in Rust (Zlib.__deflate_stream); output waits in @out
    # until `deflate`, `flush` or `finish` hands it over, as CRuby's
    # zstream buffer.
    def initialize(level = DEFAULT_COMPRESSION, wbits = MAX_WBITS, memlevel = DEF_MEM_LEVEL, strategy = DEFAULT_STRATEGY)
      super()
      @args = [level, wbits, memlevel, strategy]
      @z = Zlib.__deflate_stream(*@args)
      @out = "".b
    end

    def initialize_copy(other)
      raise NotImplementedError, "carmine: Zlib::Deflate#dup is not supported"
    end

    def <<(src)
      run(src, NO_FLUSH)
      self
    end

    def deflate(src, flush = NO_FLUSH)
      run(src, flush)
      detach
    end

    def flush(flush = SYNC_FLUSH)
      run("", flush) unless flush == NO_FLUSH
      detach
    end

    def params(level, strategy)
      check_open
      Zlib.__deflate_params(@z, level, strategy)
      nil
    end

    def finish
      run("", FINISH)
      detach
    end

    def reset
      @z = Zlib.__deflate_stream(*@args)
      @out = "".b
      nil
    end

    def total_in = Zlib.__deflate_info(@z)[0]
    def total_out = Zlib.__deflate_info(@z)[1]
    def finished? = Zlib.__deflate_info(@z)[2]
    alias stream_end? finished?

    private

    def run(src, flush)
      check_open
      src = src.nil? ? "".b : String.new(src)
      @out << Zlib.__deflate_run(@z, src, flush)
    end

    def detach
      out = @out
      @out = "".b
      out
    end
  end

  class Inflate < ZStream
    def self.inflate(src)
      out, _used, done = Zlib.__inflate(src, false)
      raise BufError, "buffer error" unless done
      out
    end

    def initialize(wbits = MAX_WBITS)
      super()
      @wbits = wbits.nil? ? MAX_WBITS : wbits
      @emitted = 0
      @unused = nil
    end

    attr_reader :unused

    def <<(src)
      @pending = (@pending || "".b) + inflate(src)
      self
    end

    def inflate(src)
      check_open
      @input << String.new(src) unless src.nil?
      return "".b if @finished
      if @wbits > MAX_WBITS && (@wbits >= 32 ? @input.start_with?("\x1f\x8b".b) : true)
        return "".b if @input.bytesize < 18
        out, used = Zlib::GzipFile.__unpack(@input, true)
        done = !out.nil?
        out ||= "".b
      else
        out, used, done = Zlib.__inflate(@input, @wbits < 0)
      end
      fresh = out.byteslice(@emitted..) || "".b
      @emitted = out.bytesize
      if done
        @finished = true
        @total_in = used
        rest = @input.byteslice(used..)
        @unused = rest.empty? ? nil : rest
      end
      @total_out = @emitted
      fresh = @pending + fresh if @pending
      @pending = nil
      fresh
    end

    def finish
      inflate(nil)
    end

    def sync(_src) = false
    def sync_point? = false
  end

  def self.deflate(src, level = DEFAULT_COMPRESSION) = Deflate.deflate(src, level)
  def self.inflate(src) = Inflate.inflate(src)

  def self.gzip(src, level: nil, strategy: nil)
    src = String.new(src) unless src.is_a?(String)
    GzipFile.__pack(src, level, Time.now.to_i, nil, nil)
  end

  def self.gunzip(src)
    src = String.new(src) unless src.is_a?(String)
    out, _used = GzipFile.__unpack(src.b, false)
    out
  end

  class GzipFile
    class Error < Zlib::Error
      attr_reader :input

      def initialize(msg = nil, input = nil)
        super(msg)
        @input = input
      end

      def inspect
        s = super
        return s if @input.nil?
        "#{s[0..-2]}, input=#{@input.inspect}>"
      end
    end
    class NoFooter < Error; end
    class CRCError < Error; end
    class LengthError < Error; end

    # gzip bytes for `data` (RFC 1952).
    def self.__pack(data, level, mtime, orig_name, comment)
      level ||= DEFAULT_COMPRESSION
      flags = 0
      flags |= 0x08 if orig_name
      flags |= 0x10 if comment
      xfl = level == BEST_COMPRESSION ? 2 : (level == BEST_SPEED ? 4 : 0)
      head = [0x1f, 0x8b, 8, flags, mtime.to_i, xfl, OS_CODE].pack("CCCCVCC")
      head << orig_name.b << "\0" if orig_name
      head << comment.b << "\0" if comment
      head << Zlib.__deflate(data, level, true)
      head << [Zlib.crc32(data), data.bytesize & 0xffffffff].pack("VV")
    end

    # Parses gzip bytes: [data, bytes used, header fields]. `partial`:
    # nil instead of raising when the input is cut short.
    def self.__unpack(src, partial)
      src = src.b
      if src.bytesize < 10
        return [nil, 0, nil] if partial
        raise Error, "unexpected end of string" if src.bytesize < 10
      end
      magic, method, flags, mtime, _xfl, os = src.unpack("nCCVCC")
      raise Error.new("not in gzip format", src) unless magic == 0x1f8b
      raise Error, "unsupported compression method #{method}" unless method == 8
      pos = 10
      if flags & 0x04 != 0
        xlen = src.byteslice(pos, 2).to_s.unpack1("v") || 0
        pos += 2 + xlen
      end
      name = comment = nil
      if flags & 0x08 != 0
        e = src.index("\0".b, pos) || src.bytesize
        name = src.byteslice(pos...e)
        pos = e + 1
      end
      if flags & 0x10 != 0
        e = src.index("\0".b, pos) || src.bytesize
        comment = src.byteslice(pos...e)
        pos = e + 1
      end
      pos += 2 if flags & 0x02 != 0
      body = src.byteslice(pos..) || "".b
      out, used, done = Zlib.__inflate(body, true)
      unless done
        return [nil, 0, nil] if partial
        raise Error, "unexpected end of file"
      end
      foot = body.byteslice(used, 8) || "".b
      if foot.bytesize < 8
        return [nil, 0, nil] if partial
        raise NoFooter, "footer is not found" unless foot.bytesize == 0 && partial.nil?
        raise Error, "unexpected end of string"
      end
      crc, len = foot.unpack("VV")
      raise CRCError, "invalid compressed data -- crc error" unless crc == Zlib.crc32(out)
      raise LengthError, "invalid compressed data -- length error" unless len == out.bytesize & 0xffffffff
      [out, pos + used + 8, { mtime: mtime, os: os, name: name, comment: comment }]
    end

    def self.wrap(*args, **opts)
      gz = new(*args, **opts)
      return gz unless block_given?
      begin
        yield gz
      ensure
        gz.close unless gz.closed?
      end
    end

    attr_reader :level, :os_code, :orig_name, :comment
    attr_accessor :sync

    def to_io = @io
    def closed? = @closed
    def mtime = Time.at(@mtime || 0)
    def crc = Zlib.crc32(@data)

    def close
      raise GzipFile::Error, "closed gzip stream" if @closed
      io = finish
      io.close if io.respond_to?(:close)
      io
    end
  end

  class GzipWriter < GzipFile
    def self.open(filename, level = nil, strategy = nil, **opts, &block)
      wrap(File.open(filename, "wb"), level, strategy, **opts, &block)
    end

    def initialize(io, level = nil, strategy = nil, **_opts)
      @io = io
      @level = level || DEFAULT_COMPRESSION
      @data = "".b
      @closed = false
      @mtime = nil
      @os_code = OS_CODE
      @orig_name = nil
      @comment = nil
      @sync = false
      @pos = 0
    end

    def mtime=(t)
      @mtime = t.to_i
    end

    def orig_name=(s)
      @orig_name = s.to_s
    end

    def comment=(s)
      @comment = s.to_s
    end

    def write(*strs)
      strs.sum do |s|
        s = s.to_s
        @data << s.b
        @pos += s.bytesize
        s.bytesize
      end
    end

    def <<(s)
      write(s)
      self
    end

    def print(*args)
      args = [$_] if args.empty?
      args.each { |a| write(a.to_s) }
      nil
    end

    def puts(*args)
      if args.empty?
        write("\n")
        return nil
      end
      args.flatten.each do |a|
        s = a.to_s
        write(s)
        write("\n") unless s.end_with?("\n")
      end
      nil
    end

    def printf(*args)
      write(format(*args))
      nil
    end

    def putc(c)
      write(c.is_a?(Integer) ? (c & 0xff).chr : c.to_s[0])
      c
    end

    def flush(_flush = nil) = self
    def pos = @pos
    alias tell pos

    def finish
      raise GzipFile::Error, "closed gzip stream" if @closed
      mtime = @mtime.nil? ? Time.now.to_i : @mtime
      @io.write(GzipFile.__pack(@data, @level, mtime, @orig_name, @comment))
      @closed = true
      @io
    end
  end

  class GzipReader < GzipFile
    include Enumerable

    def self.open(filename, **opts, &block)
      wrap(File.open(filename, "rb"), **opts, &block)
    end

    def self.zcat(io, **_opts)
      out = +""
      until io.eof?
        gz = new(io)
        s = gz.read
        block_given? ? yield(s) : out << s
        rest = gz.unused
        gz.finish
        break unless rest
        io.pos -= rest.bytesize
      end
      block_given? ? nil : out
    end

    def initialize(io, **_opts)
      @io = io
      @closed = false
      src = io.read || "".b
      # A reader reads the header first: too short for one is not gzip.
      raise GzipFile::Error.new("not in gzip format", src.empty? ? nil : src) if src.bytesize < 10
      @data, used, head = GzipFile.__unpack(src, false)
      rest = src.byteslice(used..)
      @unused = rest.nil? || rest.empty? ? nil : rest
      @mtime = head[:mtime]
      @os_code = head[:os]
      @orig_name = head[:name]
      @comment = head[:comment]
      @level = DEFAULT_COMPRESSION
      @pos = 0
      @lineno = 0
    end

    attr_reader :unused
    attr_accessor :lineno

    def finish
      @closed = true
      @io
    end

    def read(len = nil, outbuf = nil)
      if len.nil?
        s = @data.byteslice(@pos..) || "".b
        @pos = @data.bytesize
      else
        raise ArgumentError, "negative length #{len} given" if len < 0
        return(len.zero? ? "".b : nil) if @pos >= @data.bytesize
        s = @data.byteslice(@pos, len)
        @pos += s.bytesize
      end
      s = s.dup.force_encoding(Encoding.default_external) if len.nil?
      outbuf ? outbuf.replace(s) : s
    end

    def readpartial(len, outbuf = nil)
      raise EOFError, "end of file reached" if eof?
      read(len, outbuf)
    end

    def eof? = @pos >= @data.bytesize
    alias eof eof?
    def pos = @pos
    alias tell pos

    def rewind
      @pos = 0
      @lineno = 0
      0
    end

    def gets(sep = $/, limit = nil)
      return nil if eof?
      rest = @data.byteslice(@pos..)
      line =
        if sep.nil?
          rest
        else
          sep = "\n\n" if sep.empty?
          i = rest.index(sep.b)
          i ? rest.byteslice(0, i + sep.bytesize) : rest
        end
      line = line.byteslice(0, limit) if limit && limit >= 0
      @pos += line.bytesize
      @lineno += 1
      line.force_encoding(Encoding.default_external)
    end

    def readline(*args)
      gets(*args) || raise(EOFError, "end of file reached")
    end

    def each_line(*args)
      return enum_for(:each_line, *args) unless block_given?
      while (l = gets(*args))
        yield l
      end
      self
    end
    alias each each_line

    def readlines(*args) = each_line(*args).to_a

    def getc
      return nil if eof?
      c = @data.byteslice(@pos..).force_encoding(Encoding.default_external)[0]
      @pos += c.bytesize
      c
    end

    def readchar = getc || raise(EOFError, "end of file reached")

    def getbyte
      return nil if eof?
      b = @data.getbyte(@pos)
      @pos += 1
      b
    end

    def readbyte = getbyte || raise(EOFError, "end of file reached")

    def each_byte
      return enum_for(:each_byte) unless block_given?
      while (b = getbyte)
        yield b
      end
      self
    end

    def each_char
      return enum_for(:each_char) unless block_given?
      while (c = getc)
        yield c
      end
      self
    end

    def ungetc(s)
      s = s.chr if s.is_a?(Integer)
      @data = @data.byteslice(0, @pos) + s.b + @data.byteslice(@pos..)
      nil
    end
    alias ungetbyte ungetc

    def external_encoding = Encoding.default_external
  end
end
