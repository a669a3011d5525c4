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
