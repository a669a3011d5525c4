# frozen_string_literal: true
#
# Comparable: ordering operators built on the including class's <=>.
# Behaviour and error messages follow CRuby 3.1's compar.c.
module Comparable
  def ==(other)
    return true if equal?(other)
    c = (self <=> other)
    return false if c.nil?
    RubyVM::Prelude.cmpint(c, self, other) == 0
  end

  def >(other)
    RubyVM::Prelude.cmpint(self <=> other, self, other) > 0
  end

  def >=(other)
    RubyVM::Prelude.cmpint(self <=> other, self, other) >= 0
  end

  def <(other)
    RubyVM::Prelude.cmpint(self <=> other, self, other) < 0
  end

  def <=(other)
    RubyVM::Prelude.cmpint(self <=> other, self, other) <= 0
  end

  def between?(min, max)
    RubyVM::Prelude.compare(self, min) >= 0 && RubyVM::Prelude.compare(self, max) <= 0
  end

  # clamp(min, max) or clamp(range). nil bounds are open; an exclusive range
  # is only accepted when it has no end.
  def clamp(*args)
    unless args.size == 1 || args.size == 2
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..2)"
    end
    if args.size == 1
      range = args[0]
      unless range.is_a?(Range)
        raise TypeError,
              "wrong argument type #{RubyVM::Prelude.implicit_name(range)} (expected Range)"
      end
      min = range.begin
      max = range.end
      if !max.nil? && range.exclude_end?
        raise ArgumentError, "cannot clamp with an exclusive range"
      end
    else
      min, max = args
    end
    if !min.nil? && !max.nil? && RubyVM::Prelude.compare(min, max) > 0
      raise ArgumentError, "min argument must be smaller than max argument"
    end
    unless min.nil?
      c = RubyVM::Prelude.compare(self, min)
      return self if c == 0
      return min if c < 0
    end
    if !max.nil? && RubyVM::Prelude.compare(self, max) > 0
      return max
    end
    self
  end
end
