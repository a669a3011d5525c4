# frozen_string_literal: true
#
# Warning (CRuby's error.c): the warning categories and Warning.warn, which
# Kernel#warn calls with the finished message, so a library that redefines
# or prepends over Warning.warn captures or silences warnings.
module Warning
  def warn(message, category: nil)
    unless message.is_a?(String)
      raise TypeError, "wrong argument type #{RubyVM::FileIO.tname(message)} (expected String)"
    end
    RubyVM::Prelude.warning_category(category) unless category.nil?
    $stderr.write(message)
    nil
  end

  def self.[](category)
    RubyVM::Prelude::WARNING_CATEGORIES[RubyVM::Prelude.warning_category(category)]
  end

  def self.[]=(category, flag)
    RubyVM::Prelude::WARNING_CATEGORIES[RubyVM::Prelude.warning_category(category)] = flag ? true : false
  end

  extend self
end

module RubyVM::Prelude
  # CRuby's defaults: deprecation warnings off, experimental ones on.
  WARNING_CATEGORIES = { deprecated: false, experimental: true }

  # rb_warning_category_from_name: a known category Symbol.
  def self.warning_category(category)
    unless category.is_a?(Symbol)
      raise TypeError, "wrong argument type #{RubyVM::FileIO.tname(category)} (expected Symbol)"
    end
    unless WARNING_CATEGORIES.key?(category)
      raise ArgumentError, "unknown category: #{category}"
    end
    category
  end
end
