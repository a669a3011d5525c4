# frozen_string_literal: true
#
# carmine's etc.so, the Ruby half (ext/etc/etc.c in CRuby): the user and
# group databases read from /etc/passwd and /etc/group (what the C
# library's "files" source reads), uname from /proc/sys/kernel.
# Etc.nprocessors is native (src/builtins/ext/etc.rs). Not provided:
# sysconf, confstr, pathconf and their constants.
module Etc
  VERSION = "1.3.0"

  Passwd = Struct.new(:name, :passwd, :uid, :gid, :gecos, :dir, :shell)
  Group = Struct.new(:name, :passwd, :gid, :mem)

  class Passwd
    def self.each(&block)
      return enum_for(:each) unless block
      Etc.__passwds.each(&block)
      self
    end
  end

  class Group
    def self.each(&block)
      return enum_for(:each) unless block
      Etc.__groups.each(&block)
      self
    end
  end

  module_function

  def __passwds
    __read("/etc/passwd").map do |f|
      Passwd.new(f[0], f[1], f[2].to_i, f[3].to_i, f[4].to_s, f[5].to_s, f[6].to_s)
    end
  end

  def __groups
    __read("/etc/group").map do |f|
      Group.new(f[0], f[1], f[2].to_i, f[3].to_s.split(","))
    end
  end

  def __read(path)
    File.readlines(path, chomp: true).filter_map do |line|
      next if line.empty? || line.start_with?("#")
      line.split(":", -1)
    end
  rescue SystemCallError
    []
  end

  def getlogin
    ENV["USER"]
  end

  # NUM2UIDT and StringValue, as etc.c converts its arguments.
  def __id_arg(v)
    case v
    when Integer then v
    when Float then v.to_i
    when nil then raise TypeError, "no implicit conversion from nil to integer"
    else
      return v.to_int if v.respond_to?(:to_int)
      raise TypeError, "no implicit conversion of #{v.class} into Integer"
    end
  end

  def __name_arg(v)
    return v if v.is_a?(String)
    return v.to_str if v.respond_to?(:to_str)
    raise TypeError, "no implicit conversion of #{v.nil? ? "nil" : v.class} into String"
  end
  private :__id_arg, :__name_arg

  def getpwuid(uid = Process.uid)
    uid = __id_arg(uid)
    __passwds.find { |pw| pw.uid == uid } or raise ArgumentError, "can't find user for #{uid}"
  end

  def getpwnam(name)
    name = __name_arg(name)
    __passwds.find { |pw| pw.name == name } or raise ArgumentError, "can't find user for #{name}"
  end

  def getgrgid(gid = Process.gid)
    gid = __id_arg(gid)
    __groups.find { |gr| gr.gid == gid } or raise ArgumentError, "can't find group for #{gid}"
  end

  def getgrnam(name)
    name = __name_arg(name)
    __groups.find { |gr| gr.name == name } or raise ArgumentError, "can't find group for #{name}"
  end

  def passwd(&block)
    return __passwds.first unless block
    __passwds.each(&block)
    nil
  end

  def group(&block)
    return __groups.first unless block
    __groups.each(&block)
    nil
  end

  def sysconfdir = "/etc"

  def systmpdir = "/tmp"

  def uname
    k = ->(f) { File.read("/proc/sys/kernel/#{f}").chomp rescue "" }
    machine = RUBY_PLATFORM.split("-").first
    {sysname: k["ostype"], nodename: k["hostname"], release: k["osrelease"],
     version: k["version"], machine: machine}
  end
end
