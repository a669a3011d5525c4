# frozen_string_literal: true
#
# ObjectSpace.define_finalizer / undefine_finalizer (gc.c). carmine runs a
# finalizer at exit, after the at_exit handlers, as CRuby does for the
# objects still alive then (the VM calls ObjectSpace.__run_finalizers);
# an object the collector frees earlier does not run its finalizer then.
module ObjectSpace
  @__finalizers = {}

  def self.define_finalizer(obj, callable = (no_block = true; nil), &block)
    if no_block
      raise ArgumentError, "tried to create Proc object without a block" unless block
      callable = block
    end
    case obj
    when Integer, Float, Symbol, nil, true, false
      raise ArgumentError, "cannot define finalizer for #{obj.class}"
    end
    raise FrozenError.new("can't modify frozen #{obj.class}: #{obj.inspect}", receiver: obj) if obj.frozen?
    unless callable.respond_to?(:call)
      raise ArgumentError, "wrong type argument #{callable.class} (should be callable)"
    end
    (@__finalizers[obj.__id__] ||= []) << callable
    [0, callable]
  end

  def self.undefine_finalizer(obj)
    @__finalizers.delete(obj.__id__)
    obj
  end

  # At exit: each finalizer with its object's id; errors are ignored.
  def self.__run_finalizers
    until @__finalizers.empty?
      id, procs = @__finalizers.first
      @__finalizers.delete(id)
      procs.each do |pr|
        pr.call(id)
      rescue Exception
        nil
      end
    end
  end
end

# GC's switches that carmine keeps only as settings (collections are
# always timed, never compacted), the instance-side GC#garbage_collect,
# and GC::Profiler, which records nothing (no per-collection records).
module GC
  @measure_total_time = true
  @auto_compact = false

  class << self
    attr_reader :measure_total_time, :auto_compact

    def measure_total_time=(flag)
      @measure_total_time = flag ? true : false
    end

    def auto_compact=(flag)
      @auto_compact = flag ? true : false
    end
  end

  def garbage_collect(full_mark: true, immediate_mark: true, immediate_sweep: true)
    GC.start
    nil
  end

  module Profiler
    @enabled = false

    class << self
      def enabled? = @enabled

      def enable
        @enabled = true
        nil
      end

      def disable
        @enabled = false
        nil
      end

      def clear = nil
      def raw_data = nil
      def result = ""
      def report(_io = $stdout) = nil
      def total_time = 0.0
    end
  end
end

class Random
  DEFAULT = self
  deprecate_constant :DEFAULT
end
