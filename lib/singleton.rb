# frozen_string_literal: true
#
# singleton.rb: the Singleton pattern (require 'singleton').
#
# carmine's own implementation of Ruby 3.1's Singleton module: `new` and
# `allocate` become private, `instance` returns the one instance (created
# on first use), and clone/dup raise TypeError.
module Singleton
  def clone
    raise TypeError, "can't clone instance of singleton #{self.class}"
  end

  def dup
    raise TypeError, "can't dup instance of singleton #{self.class}"
  end

  def _dump(_depth = -1) = ""

  module SingletonClassMethods
    def clone
      Singleton.__init__(super)
    end

    def _load(_str) = instance

    def instance
      @singleton__instance__ ||= new
    end

    private

    def inherited(sub)
      super
      Singleton.__init__(sub)
    end
  end

  def self.__init__(klass)
    klass.instance_variable_set(:@singleton__instance__, nil)
    klass
  end

  def self.included(klass)
    super
    klass.private_class_method :new, :allocate
    klass.extend SingletonClassMethods
    Singleton.__init__(klass)
  end
end
