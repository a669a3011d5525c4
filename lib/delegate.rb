# frozen_string_literal: true
#
# Delegator, SimpleDelegator and DelegateClass (CRuby's delegate.rb API):
# methods the wrapper does not define go to the wrapped object.
class Delegator < BasicObject
  kernel = ::Kernel.dup
  kernel.class_eval do
    alias __raise__ raise
    [:to_s, :inspect, :=~, :!~, :===, :<=>, :hash].each do |m|
      undef_method m
    end
    private_instance_methods.each do |m|
      if /\Abind_call\z|\Ainstance_variable_|\Aobject_id\z/ =~ m
        next
      end
      undef_method m
    end
  end
  include kernel

  def initialize(obj)
    __setobj__(obj)
  end

  def method_missing(m, *args, &block)
    r = true
    target = __getobj__ { r = false }
    if r && target_respond_to?(target, m, false)
      target.__send__(m, *args, &block)
    elsif ::Kernel.method_defined?(m) || ::Kernel.private_method_defined?(m)
      ::Kernel.instance_method(m).bind_call(self, *args, &block)
    else
      super(m, *args, &block)
    end
  end
  ruby2_keywords :method_missing if respond_to?(:ruby2_keywords, true)

  def respond_to_missing?(m, include_private)
    r = true
    target = __getobj__ { r = false }
    r &&= target_respond_to?(target, m, include_private)
    r
  end

  def target_respond_to?(target, m, include_private)
    target.respond_to?(m, include_private)
  end
  private :target_respond_to?

  def ==(obj)
    return true if obj.equal?(self)
    __getobj__ == obj
  end

  def !=(obj)
    return false if obj.equal?(self)
    __getobj__ != obj
  end

  def eql?(obj)
    return true if obj.equal?(self)
    obj.eql?(__getobj__)
  end

  def !
    !__getobj__
  end

  def methods(all = true)
    __getobj__.methods(all) | super
  end

  def public_methods(all = true)
    __getobj__.public_methods(all) | super
  end

  def to_s = __getobj__.to_s
  def inspect = __getobj__.inspect
  def hash = __getobj__.hash
  def ===(o) = __getobj__ === o
  def =~(o) = __getobj__ =~ o
  def <=>(o) = __getobj__ <=> o

  def __getobj__
    __raise__ ::NotImplementedError, "need to define `__getobj__'"
  end

  def __setobj__(obj)
    __raise__ ::NotImplementedError, "need to define `__setobj__'"
  end

  def freeze
    unless frozen?
      __getobj__.freeze if __getobj__.respond_to?(:freeze)
      super()
    end
    self
  end
end

class SimpleDelegator < Delegator
  def __getobj__
    unless defined?(@delegate_sd_obj)
      return yield if block_given?
      __raise__ ::ArgumentError, "not delegated"
    end
    @delegate_sd_obj
  end

  def __setobj__(obj)
    __raise__ ::ArgumentError, "cannot delegate to self" if equal?(obj)
    @delegate_sd_obj = obj
  end
end

def DelegateClass(superclass, &block)
  klass = Class.new(Delegator)
  ignores = [*::Delegator.public_instance_methods, :to_s, :inspect, :=~, :!~, :===]
  protected_instance_methods = superclass.protected_instance_methods - ignores
  public_instance_methods = superclass.public_instance_methods - ignores
  klass.module_eval do
    def __getobj__
      unless defined?(@delegate_dc_obj)
        return yield if block_given?
        __raise__ ::ArgumentError, "not delegated"
      end
      @delegate_dc_obj
    end

    def __setobj__(obj)
      __raise__ ::ArgumentError, "cannot delegate to self" if equal?(obj)
      @delegate_dc_obj = obj
    end
    protected_instance_methods.each do |method|
      define_method(method) { |*args, &b| __getobj__.__send__(method, *args, &b) }
      protected method
    end
    public_instance_methods.each do |method|
      define_method(method) { |*args, &b| __getobj__.__send__(method, *args, &b) }
    end
  end
  klass.define_singleton_method :public_instance_methods do |all = true|
    super(all) | superclass.public_instance_methods
  end
  klass.module_eval(&block) if block
  klass
end
