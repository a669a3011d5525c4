# frozen_string_literal: true
#
# tmpdir.rb: Dir.tmpdir and Dir.mktmpdir (require 'tmpdir').
require 'fileutils'

class Dir
  def self.tmpdir
    d = ENV["TMPDIR"]
    d && File.directory?(d) ? File.expand_path(d) : "/tmp"
  end

  @__tmp_counter = 0

  def self.mktmpdir(prefix_suffix = nil, tmpdir = nil)
    prefix, suffix = case prefix_suffix
                     when nil then ["d", ""]
                     when String then [prefix_suffix, ""]
                     when Array then [prefix_suffix[0], prefix_suffix[1].to_s]
                     else raise ArgumentError, "unexpected prefix_suffix: #{prefix_suffix.inspect}"
                     end
    base = tmpdir || Dir.tmpdir
    path = nil
    loop do
      @__tmp_counter += 1
      stamp = Time.now.strftime("%Y%m%d")
      path = File.join(base, "#{prefix}#{stamp}-#{Process.pid}-#{rand(0x100000000).to_s(36)}#{suffix}")
      break unless File.exist?(path)
    end
    Dir.mkdir(path)
    return path unless block_given?
    begin
      yield path.dup
    ensure
      FileUtils.remove_entry(path, true) if File.directory?(path)
    end
  end
end
