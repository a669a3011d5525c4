# frozen_string_literal: true
#
# forwardable.rb: delegation of methods to an object (require 'forwardable').
#
# carmine's own implementation of Ruby 3.1's Forwardable and
# SingleForwardable: def_delegator, def_delegators, delegate
# (instance_delegate), with accessors that are methods (:name) or
# instance variables (:@ivar).
module Forwardable
  VERSION = "1.3.2"

  def instance_delegate(hash)
    hash.each do |methods, accessor|
      Array(methods).each { |m| def_instance_delegator(accessor, m) }
    end
  end
  alias delegate instance_delegate

  def def_instance_delegators(accessor, *methods)
    methods.each do |m|
      next if %i[__send__ __id__].include?(m.to_sym)
      def_instance_delegator(accessor, m)
    end
  end
  alias def_delegators def_instance_delegators

  def def_instance_delegator(accessor, method, ali = method)
    accessor = accessor.to_s
    method = method.to_sym
    reader = Forwardable._reader(accessor)
    define_method(ali) do |*args, **kw, &block|
      target = reader.(self)
      kw.empty? ? target.__send__(method, *args, &block) : target.__send__(method, *args, **kw, &block)
    end
    ali.to_sym
  end
  alias def_delegator def_instance_delegator

  # A proc that reads the delegation target from an object.
  def self._reader(accessor)
    if accessor.start_with?("@@")
      ->(obj) { obj.class.class_variable_get(accessor) }
    elsif accessor.start_with?("@")
      ->(obj) { obj.instance_variable_get(accessor) }
    else
      ->(obj) { obj.__send__(accessor) }
    end
  end
end

module SingleForwardable
  def single_delegate(hash)
    hash.each do |methods, accessor|
      Array(methods).each { |m| def_single_delegator(accessor, m) }
    end
  end
  alias delegate single_delegate

  def def_single_delegators(accessor, *methods)
    methods.each { |m| def_single_delegator(accessor, m) }
  end
  alias def_delegators def_single_delegators

  def def_single_delegator(accessor, method, ali = method)
    reader = Forwardable._reader(accessor.to_s)
    method = method.to_sym
    define_singleton_method(ali) do |*args, &block|
      reader.(self).__send__(method, *args, &block)
    end
    ali.to_sym
  end
  alias def_delegator def_single_delegator
end
