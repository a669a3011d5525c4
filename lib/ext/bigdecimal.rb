# frozen_string_literal: true
#
# carmine's bigdecimal.so, the Ruby half: the mode-saving blocks and
# BigMath.exp / BigMath.log, which the C code (bigdecimal 3.1.1) writes as
# series over BigDecimal's own operations, here the same series in Ruby.
# The numbers and their arithmetic are native (src/builtins/ext/bigdecimal).
class BigDecimal
  def self.save_exception_mode
    saved = __modes
    begin
      yield
    ensure
      __set_modes(saved[0], nil, nil)
    end
  end

  def self.save_rounding_mode
    saved = __modes
    begin
      yield
    ensure
      __set_modes(nil, saved[1], nil)
    end
  end

  def self.save_limit
    saved = __modes
    begin
      yield
    ensure
      __set_modes(nil, nil, saved[2])
    end
  end

  class << self
    private :__modes, :__set_modes
  end
end

module BigMath
  # BigMath.exp(x, prec): the Taylor series of e**x to prec digits.
  def self.exp(x, prec)
    prec = Integer(prec)
    raise ArgumentError, "Zero or negative precision for exp" if prec <= 0
    infinite = nan = negative = false
    vx = nil
    case x
    when BigDecimal
      vx = x
      negative = x.sign < 0
      infinite = x.infinite? ? true : false
      nan = x.nan?
    when Integer
      vx = BigDecimal(x)
    when Float
      negative = x < 0
      infinite = x.infinite? ? true : false
      nan = x.nan?
      vx = BigDecimal(x, 0) unless infinite || nan
    when Rational
      vx = BigDecimal(x, prec)
    end
    if infinite
      return negative ? BigDecimal(0) : BigDecimal::INFINITY
    elsif nan
      return BigDecimal::NAN
    elsif vx.nil?
      raise ArgumentError, "#{x.nil? || x == true || x == false ? x.inspect : x.class} can't be coerced into BigDecimal"
    end
    n = prec + BigDecimal.double_fig
    negative = vx.sign < 0
    vx = vx.abs if negative
    one = BigDecimal(1)
    y = one
    d = y
    i = 1
    until d.zero?
      m = n - (y.exponent - d.exponent).abs
      break if m <= 0
      m = BigDecimal.double_fig if m < BigDecimal.double_fig
      d *= vx
      d = d.div(i, m)
      y += d
      i += 1
    end
    if negative
      one.div(y, prec)
    else
      y.round(prec - y.exponent)
    end
  end

  # BigMath.log(x, prec): the series of log((1 + z) / (1 - z)).
  def self.log(x, prec)
    raise ArgumentError, "precision must be an Integer" unless prec.is_a?(Integer)
    raise ArgumentError, "Zero or negative precision for exp" if prec <= 0
    zero = negative = infinite = nan = false
    vx = nil
    case x
    when BigDecimal
      vx = x
      zero = x.zero?
      negative = x.sign < 0
      infinite = x.infinite? ? true : false
      nan = x.nan?
    when Integer
      zero = x.zero?
      negative = x < 0
      vx = BigDecimal(x) unless zero || negative
    when Float
      zero = x.zero?
      negative = x < 0
      infinite = x.infinite? ? true : false
      nan = x.nan?
      vx = BigDecimal(x, 0) unless zero || negative || infinite || nan
    when Rational
      zero = x.zero?
      negative = x < 0
      vx = BigDecimal(x, prec) unless zero || negative
    when Complex
      raise Math::DomainError, "Complex argument for BigMath.log"
    end
    if infinite && !negative
      return BigDecimal::INFINITY
    elsif nan
      return BigDecimal::NAN
    elsif zero || negative
      raise Math::DomainError, "Zero or negative argument for log"
    elsif vx.nil?
      raise ArgumentError, "#{x.nil? || x == true || x == false ? x.inspect : x.class} can't be coerced into BigDecimal"
    end
    one = BigDecimal(1)
    two = BigDecimal(2)
    n = prec + BigDecimal.double_fig
    expo = vx.exponent
    if expo < 0 || expo >= 3
      vx = vx.mult(BigDecimal("1E#{-expo}"), n)
    else
      expo = 0
    end
    w = vx - one
    x = w.div(vx + one, n)
    x2 = x.mult(x, n)
    y = x
    d = y
    i = 1
    until d.zero?
      m = n - (y.exponent - d.exponent).abs
      break if m <= 0
      m = BigDecimal.double_fig if m < BigDecimal.double_fig
      x = x2.mult(x, n)
      i += 2
      d = x.div(i, m)
      y += d
    end
    y *= two
    y += log(10, prec) * BigDecimal(expo) if expo != 0
    y
  end
end
