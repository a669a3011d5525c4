# frozen_string_literal: true
#
# benchmark.rb: timing blocks of code (require 'benchmark').
#
# carmine's own implementation of Ruby 3.1's Benchmark: realtime, measure,
# bm, bmbm and Benchmark::Tms with CRuby's report format. CPU times come
# from Process.clock_gettime(:PROCESS_CPUTIME_ID); child times are 0.
module Benchmark
  CAPTION = "      user     system      total        real\n"
  FORMAT = "%10.6u %10.6y %10.6t %10.6r\n"

  class Tms
    attr_reader :utime, :stime, :cutime, :cstime, :real, :total, :label

    def initialize(utime = 0.0, stime = 0.0, cutime = 0.0, cstime = 0.0, real = 0.0, label = nil)
      @utime, @stime, @cutime, @cstime, @real, @label = utime, stime, cutime, cstime, real, label.to_s
      @total = utime + stime + cutime + cstime
    end

    def format(fmt = FORMAT, *args)
      s = fmt.gsub(/%(-?\d*\.?\d*)([uystnr])/) do
        spec = $1
        v = case $2
            when "u" then utime
            when "y" then stime
            when "U" then cutime
            when "Y" then cstime
            when "t" then total
            when "r" then "(#{Kernel.format("%#{spec}f", real)})"
            when "n" then label
            end
        v.is_a?(String) ? v : Kernel.format("%#{spec}f", v)
      end
      args.empty? ? s : Kernel.format(s, *args)
    end

    def to_s = format
    def to_a = [label, utime, stime, cutime, cstime, real]

    def +(other) = Tms.new(utime + other.utime, stime + other.stime, cutime + other.cutime, cstime + other.cstime, real + other.real, label)
    def -(other) = Tms.new(utime - other.utime, stime - other.stime, cutime - other.cutime, cstime - other.cstime, real - other.real, label)
    def /(n) = Tms.new(utime / n, stime / n, cutime / n, cstime / n, real / n, label)
  end

  class Report
    def initialize(width = 0)
      @width = width
      @list = []
    end
    attr_reader :list

    def item(label = "", &blk)
      print label.to_s.ljust(@width)
      t = Benchmark.measure(label, &blk)
      print t.format
      @list << t
      t
    end
    alias report item
  end

  module_function

  def realtime
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
  end

  def measure(label = "")
    c0 = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    real = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0
    cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - c0
    Tms.new(cpu, 0.0, 0.0, 0.0, real, label)
  end

  def bm(label_width = 0, *labels)
    puts " " * label_width + CAPTION
    report = Report.new(label_width)
    yield report
    report.list
  end

  def bmbm(width = 0)
    job = Report.new(width)
    yield job
    job.list
  end
end
