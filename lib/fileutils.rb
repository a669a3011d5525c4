# frozen_string_literal: true
#
# fileutils.rb: common FileUtils operations (require 'fileutils').
#
# carmine's own implementation of the FileUtils calls scripts use most:
# mkdir_p, rm, rm_f, rm_r, rm_rf, touch, cp, mv, pwd, cd. Options other
# than :verbose/:noop/:force are ignored.
module FileUtils
  module_function

  def pwd = Dir.pwd

  def cd(dir, **_opts, &block) = Dir.chdir(dir, &block)
  alias chdir cd
  module_function :chdir

  def mkdir(list, **opts)
    Array(list).each { |d| Dir.mkdir(d) unless opts[:noop] }
    nil
  end

  def mkdir_p(list, **opts)
    Array(list).each do |d|
      next if opts[:noop]
      parts = File.expand_path(d).split("/")
      path = +""
      parts.each do |p|
        path = path.empty? && p.empty? ? "/" : File.join(path, p)
        next if p.empty?
        Dir.mkdir(path) unless File.directory?(path)
      end
    end
    nil
  end
  alias makedirs mkdir_p
  alias mkpath mkdir_p
  module_function :makedirs, :mkpath

  def rm(list, force: false, **opts)
    Array(list).each do |f|
      next if opts[:noop]
      begin
        File.delete(f)
      rescue SystemCallError
        raise unless force
      end
    end
    nil
  end
  alias remove rm
  module_function :remove

  def rm_f(list, **opts) = rm(list, force: true, **opts)
  alias safe_unlink rm_f
  module_function :safe_unlink

  def rm_r(list, force: false, **opts)
    Array(list).each do |path|
      next if opts[:noop]
      begin
        remove_entry(path)
      rescue SystemCallError
        raise unless force
      end
    end
    nil
  end

  def rm_rf(list, **opts) = rm_r(list, force: true, **opts)
  alias rmtree rm_rf
  module_function :rmtree

  def remove_entry(path, force = false)
    if File.directory?(path) && !File.symlink?(path)
      Dir.children(path).each { |c| remove_entry(File.join(path, c), force) }
      Dir.rmdir(path)
    else
      File.delete(path)
    end
  rescue SystemCallError
    raise unless force
  end

  def rmdir(list, **_opts)
    Array(list).each { |d| Dir.rmdir(d) }
    nil
  end

  def touch(list, **_opts)
    Array(list).each do |f|
      File.exist?(f) ? File.utime(nil, nil, f) : File.write(f, "")
    rescue NoMethodError
      File.write(f, File.read(f))
    end
    nil
  end

  def cp(src, dest, **_opts)
    Array(src).each do |s|
      File.binwrite(target(s, dest), File.binread(s))
    end
    nil
  end
  alias copy cp
  module_function :copy

  def cp_r(src, dest, **opts)
    Array(src).each do |s|
      d = target(s, dest)
      if File.directory?(s)
        mkdir_p(d)
        Dir.children(s).each { |c| cp_r(File.join(s, c), d, **opts) }
      else
        cp(s, d)
      end
    end
    nil
  end

  def mv(src, dest, **_opts)
    Array(src).each do |s|
      File.rename(s, target(s, dest))
    end
    nil
  end
  alias move mv
  module_function :move

  # Where `src` goes when copied or moved to `dest` (into it if a directory).
  def target(src, dest) = File.directory?(dest) ? File.join(dest, File.basename(src)) : dest
  private_class_method :target

  def compare_file(a, b) = File.binread(a) == File.binread(b)
  alias identical? compare_file
  alias cmp compare_file
  module_function :identical?, :cmp
end
