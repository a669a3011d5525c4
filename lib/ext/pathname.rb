# frozen_string_literal: true
#
# carmine's pathname.so: the part of Pathname that CRuby writes in C
# (ext/pathname/pathname.c), here in Ruby. Each method hands its path to
# File, Dir, IO or FileTest as the C code does; the installed pathname.rb
# (cleanpath, +, join, relative_path_from, children, find...) loads on
# top of it.
class Pathname
  def initialize(arg)
    arg = arg.to_path if !arg.is_a?(String) && arg.respond_to?(:to_path)
    arg = String.new(arg) unless arg.is_a?(String)
    raise ArgumentError, "pathname contains null byte" if arg.include?("\0")
    @path = arg.dup
  end

  def freeze
    super
    @path.freeze
    self
  end

  def to_s = @path.dup
  alias to_path to_s

  def ==(other)
    return false unless other.is_a?(Pathname)
    @path == other.to_s
  end
  alias === ==
  alias eql? ==

  def <=>(other)
    return nil unless other.is_a?(Pathname)
    a = @path.tr("/", "\0")
    b = other.to_s.tr("/", "\0")
    a <=> b
  end

  def hash = @path.hash

  def inspect = "#<#{self.class}:#{@path}>"

  def sub(*args, &block)
    str =
      if block
        @path.sub(*args) { |*m| block.call(*m) }
      else
        @path.sub(*args)
      end
    self.class.new(str)
  end

  def sub_ext(repl)
    repl = String.new(repl) unless repl.is_a?(String)
    ext = File.extname(@path)
    base = ext.empty? ? @path : @path[0, @path.length - ext.length]
    self.class.new(base + repl)
  end

  def realpath(basedir = nil) = self.class.new(File.realpath(@path, basedir))
  def realdirpath(basedir = nil) = self.class.new(File.realdirpath(@path, basedir))

  def each_line(*args, **kw, &block) = File.foreach(@path, *args, **kw, &block)
  def read(*args, **kw) = File.read(@path, *args, **kw)
  def binread(*args) = File.binread(@path, *args)
  def readlines(*args, **kw) = File.readlines(@path, *args, **kw)
  def write(*args, **kw) = File.write(@path, *args, **kw)
  def binwrite(*args, **kw) = File.binwrite(@path, *args, **kw)
  def sysopen(*args) = IO.sysopen(@path, *args)

  def atime = File.atime(@path)
  def birthtime = File.birthtime(@path)
  def ctime = File.ctime(@path)
  def mtime = File.mtime(@path)
  def chmod(mode) = File.chmod(mode, @path)
  def lchmod(mode) = File.lchmod(mode, @path)
  def chown(owner, group) = File.chown(owner, group, @path)
  def lchown(owner, group) = File.lchown(owner, group, @path)
  def fnmatch(pattern, *args) = File.fnmatch(pattern, @path, *args)
  alias fnmatch? fnmatch
  def ftype = File.ftype(@path)
  def make_link(old) = File.link(old, @path)
  def open(*args, **kw, &block) = File.open(@path, *args, **kw, &block)
  def readlink = self.class.new(File.readlink(@path))

  def rename(to)
    File.rename(@path, to)
  end

  def stat = File.stat(@path)
  def lstat = File.lstat(@path)
  def make_symlink(old) = File.symlink(old, @path)
  def truncate(length) = File.truncate(@path, length)
  def utime(atime, mtime) = File.utime(atime, mtime, @path)
  def basename(*args) = self.class.new(File.basename(@path, *args))
  def dirname = self.class.new(File.dirname(@path))
  def extname = File.extname(@path)
  def expand_path(*args) = self.class.new(File.expand_path(@path, *args))

  def split
    d, b = File.split(@path)
    [self.class.new(d), self.class.new(b)]
  end

  def blockdev? = FileTest.blockdev?(@path)
  def chardev? = FileTest.chardev?(@path)
  def executable? = FileTest.executable?(@path)
  def executable_real? = FileTest.executable_real?(@path)
  def exist? = FileTest.exist?(@path)
  def grpowned? = FileTest.grpowned?(@path)
  def directory? = FileTest.directory?(@path)
  def file? = FileTest.file?(@path)
  def pipe? = FileTest.pipe?(@path)
  def socket? = FileTest.socket?(@path)
  def owned? = FileTest.owned?(@path)
  def readable? = FileTest.readable?(@path)
  def world_readable? = File.world_readable?(@path)
  def readable_real? = FileTest.readable_real?(@path)
  def setuid? = FileTest.setuid?(@path)
  def setgid? = FileTest.setgid?(@path)
  def size = FileTest.size(@path)
  def size? = FileTest.size?(@path)
  def sticky? = FileTest.sticky?(@path)
  def symlink? = FileTest.symlink?(@path)
  def writable? = FileTest.writable?(@path)
  def world_writable? = File.world_writable?(@path)
  def writable_real? = FileTest.writable_real?(@path)
  def zero? = FileTest.zero?(@path)

  def empty?
    File.directory?(@path) ? Dir.empty?(@path) : FileTest.empty?(@path)
  end

  def self.glob(*args, **kw)
    if block_given?
      Dir.glob(*args, **kw) { |f| yield new(f) }
      nil
    else
      Dir.glob(*args, **kw).map { |f| new(f) }
    end
  end

  def glob(*args, **kw)
    if block_given?
      Dir.glob(*args, base: @path, **kw) { |f| yield self + f }
      nil
    else
      Dir.glob(*args, base: @path, **kw).map { |f| self + f }
    end
  end

  def self.getwd = new(Dir.getwd)
  def self.pwd = new(Dir.getwd)

  def entries = Dir.entries(@path).map { |f| self.class.new(f) }
  def mkdir(*args) = Dir.mkdir(@path, *args)
  def rmdir = Dir.rmdir(@path)
  def opendir(&block) = Dir.open(@path, &block)

  def each_entry
    Dir.foreach(@path) { |f| yield self.class.new(f) }
  end

  def unlink
    if File.directory?(@path)
      Dir.unlink(@path)
    else
      File.unlink(@path)
    end
  end
  alias delete unlink

  undef =~ if method_defined?(:=~)
end

module Kernel
  private

  def Pathname(path)
    return path if Pathname === path
    Pathname.new(path)
  end
end
