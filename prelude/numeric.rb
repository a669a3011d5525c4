# frozen_string_literal: true
#
# Numeric's Ruby half: Rational and Complex (after CRuby 3.1's rational.c and
# complex.c), Kernel#Rational / #Complex, Numeric#step and
# Enumerator::ArithmeticSequence (numeric.c, enumerator.c), Range#step when
# the core does not define it, and the small Numeric methods that are
# simplest in Ruby. Integer and Float themselves are in Rust
# (src/builtins/integer.rs, float.rs), which call Kernel#Rational for
# `2 ** -1`, `1.quo(3)` and `Float#to_r`.

module RubyVM::Prelude
  # A canonical Rational without checks (den > 0, gcd 1 already).
  def self.rational_raw(num, den)
    r = Rational.allocate
    r.__send__(:__set, num, den)
    r
  end

  # nurat_s_canonicalize_internal: sign on the numerator, reduced.
  def self.rational_canon(num, den)
    raise ZeroDivisionError, "divided by 0" if den == 0
    if den < 0
      num = -num
      den = -den
    end
    g = num.gcd(den)
    if g != 1
      num = num.div(g)
      den = den.div(g)
    end
    rational_raw(num, den)
  end

  def self.int_value(x)
    raise TypeError, "not an integer" unless x.is_a?(Integer)
    x
  end

  # Strict or lenient text to Rational ("-2/4", "1.5e3", "1_000/3", ".5",
  # "1/.5"), as rational.c's read_rat_nos: a number is digits, a point
  # with optional digits, an exponent; the denominator is a number too.
  # Returns nil when the text (less surrounding blanks when strict) is not
  # wholly a rational.
  RATIONAL_NUM = '(\d+(?:_\d+)*)?(?:(\.)(\d+(?:_\d+)*)?)?(?:[eE]([-+]?\d+(?:_\d+)*))?'
  RATIONAL_RE = /\A\s*([-+])?#{RATIONAL_NUM}(?:\/#{RATIONAL_NUM})?/o
  def self.str_to_r(str, strict)
    m = RATIONAL_RE.match(str)
    return nil if m.nil? || (m[2].nil? && m[3].nil?)
    rest = m.post_match
    # A "/" whose denominator did not parse is left over.
    rest = "/" + rest if m[6].nil? && m[7].nil? && m[0].end_with?("/")
    return nil if strict && !rest.match?(/\A\s*\z/)
    num, den = rational_num_parts(m[2], m[4], m[5])
    if m[6] || m[7]
      dn, dd = rational_num_parts(m[6], m[8], m[9])
      num *= dd
      den *= dn
    end
    num = -num if m[1] == "-"
    rational_canon(num, den)
  end

  # One number of str_to_r: [numerator, denominator].
  def self.rational_num_parts(int, frac, exp)
    int = (int || "0").delete("_")
    frac = (frac || "").delete("_")
    num = (int + frac).to_i
    den = 10**frac.size
    if exp
      e = exp.delete("_").to_i
      if e >= 0
        num *= 10**e
      else
        den *= 10**-e
      end
    end
    [num, den]
  end

  # nurat_rationalize_internal: the simplest rational within [a, b].
  def self.rationalize_internal(a, b)
    p0 = 0
    p1 = 1
    q0 = 1
    q1 = 0
    loop do
      c = a.ceil
      break if c < b
      k = c - 1
      p2 = k * p1 + p0
      q2 = k * q1 + q0
      t = 1.quo(b - k)
      b = 1.quo(a - k)
      a = t
      p0 = p1
      q0 = q1
      p1 = p2
      q1 = q2
    end
    c = a.ceil
    [c * p1 + p0, c * q1 + q0]
  end

  # ruby_float_step_size.
  def self.float_step_size(beg, fin, unit, excl)
    return Float::INFINITY if unit == 0
    if unit.infinite?
      return unit > 0 ? (beg <= fin ? 1 : 0) : (beg >= fin ? 1 : 0)
    end
    n = (fin - beg) / unit
    return n if n.nan? || n == Float::INFINITY # C's floor(inf) is inf
    err = (beg.abs + fin.abs + (fin - beg).abs) / unit.abs * Float::EPSILON
    err = 0.5 if err > 0.5
    if excl
      return 0 if n <= 0
      n = n < 1 ? 0 : (n - err).floor
      d = ((n + 1) * unit) + beg
      if beg < fin
        n += 1 if d < fin
      elsif beg > fin
        n += 1 if d > fin
      end
      return n
    end
    return 0 if n < 0
    (n + err).floor + 1
  end

  # ruby_float_step: yields and returns true when any operand is a Float.
  def self.float_step(from, to, step, excl, allow_endless)
    return false unless from.is_a?(Float) || to.is_a?(Float) || step.is_a?(Float)
    unit = Float(step)
    beg = Float(from)
    fin = allow_endless && to.nil? ? (unit < 0 ? -1 : 1) * Float::INFINITY : Float(to)
    n = float_step_size(beg, fin, unit, excl)
    if unit.infinite?
      yield beg if n > 0
    elsif unit == 0
      loop { yield beg }
    else
      i = 0
      while i < n
        d = i * unit + beg
        d = fin if unit >= 0 ? fin < d : d < fin
        yield d
        i += 1
      end
    end
    true
  end

  # num_step_negative_p.
  def self.step_negative?(step)
    return step < 0 if step.is_a?(Integer)
    unless step.respond_to?(:>)
      raise TypeError, "#{RubyVM::Prelude.implicit_name(step)} can't be coerced into Integer"
    end
    !(step > 0)
  end

  # num_step_extract_args: [to, step, by_given].
  def self.step_args(args, kw)
    if args.size > 2
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..2)"
    end
    to, step = args
    by = nil
    by_given = false
    unless kw.empty?
      unknown = kw.keys.reject { |k| k == :to || k == :by }
      unless unknown.empty?
        raise ArgumentError,
              "unknown keyword#{unknown.size > 1 ? 's' : ''}: #{unknown.map(&:inspect).join(', ')}"
      end
      if kw.key?(:to)
        raise ArgumentError, "to is given twice" if args.size > 0
        to = kw[:to]
      end
      if kw.key?(:by)
        raise ArgumentError, "step is given twice" if args.size > 1
        by = kw[:by]
        by_given = true
      end
    end
    [to, step, by, by_given]
  end
end

class Rational < Numeric
  def self.new(*)
    raise NoMethodError, "undefined method `new' for Rational:Class"
  end

  def __set(num, den)
    @numerator = num
    @denominator = den
    freeze
  end
  private :__set

  attr_reader :numerator, :denominator

  def integer?
    false
  end

  def hash
    [@numerator, @denominator, :rational].hash
  end

  def eql?(other)
    other.is_a?(Rational) && self == other
  end

  def to_s
    "#{@numerator}/#{@denominator}"
  end

  def inspect
    "(#{self})"
  end

  def to_r
    self
  end

  def to_i
    truncate
  end

  def to_f
    @numerator.fdiv(@denominator)
  end

  def to_c
    Complex(self, 0)
  end

  def zero?
    @numerator == 0
  end

  def positive?
    @numerator > 0
  end

  def negative?
    @numerator < 0
  end

  def finite?
    true
  end

  def infinite?
    nil
  end

  def -@
    RubyVM::Prelude.rational_raw(-@numerator, @denominator)
  end

  def abs
    @numerator < 0 ? -self : self
  end
  alias magnitude abs

  def +(other)
    case other
    when Integer
      RubyVM::Prelude.rational_raw(@numerator + other * @denominator, @denominator)
    when Float
      to_f + other
    when Rational
      RubyVM::Prelude.rational_canon(@numerator * other.denominator + other.numerator * @denominator,
                                     @denominator * other.denominator)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a + b
    end
  end

  def -(other)
    case other
    when Integer
      RubyVM::Prelude.rational_raw(@numerator - other * @denominator, @denominator)
    when Float
      to_f - other
    when Rational
      RubyVM::Prelude.rational_canon(@numerator * other.denominator - other.numerator * @denominator,
                                     @denominator * other.denominator)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a - b
    end
  end

  def *(other)
    case other
    when Integer
      RubyVM::Prelude.rational_canon(@numerator * other, @denominator)
    when Float
      to_f * other
    when Rational
      RubyVM::Prelude.rational_canon(@numerator * other.numerator, @denominator * other.denominator)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a * b
    end
  end

  def /(other)
    case other
    when Integer
      raise ZeroDivisionError, "divided by 0" if other == 0
      RubyVM::Prelude.rational_canon(@numerator, @denominator * other)
    when Float
      to_f / other
    when Rational
      raise ZeroDivisionError, "divided by 0" if other.zero?
      RubyVM::Prelude.rational_canon(@numerator * other.denominator, @denominator * other.numerator)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a / b
    end
  end
  alias quo /

  def fdiv(other)
    return self / 0.0 if other == 0
    return to_f if other.equal?(1)
    d = self / other
    d.is_a?(Float) ? d : d.to_f
  end

  def **(other)
    return RubyVM::Prelude.rational_raw(1, 1) if other.is_a?(Numeric) && other.zero? && !other.is_a?(Float)
    other = other.numerator if other.is_a?(Rational) && other.denominator == 1
    if other.is_a?(Integer) && @denominator == 1
      return RubyVM::Prelude.rational_raw(1, 1) if @numerator == 1
      return RubyVM::Prelude.rational_raw(other.odd? ? -1 : 1, 1) if @numerator == -1
      if @numerator == 0
        raise ZeroDivisionError, "divided by 0" if other < 0
        return RubyVM::Prelude.rational_raw(0, 1)
      end
    end
    case other
    when Integer
      if other > 0
        num = @numerator**other
        den = @denominator**other
      else
        num = @denominator**-other
        den = @numerator**-other
      end
      if num.is_a?(Float)
        return den.is_a?(Float) ? Float::NAN : num
      end
      if den.is_a?(Float)
        num = 0
        den = 1
      end
      RubyVM::Prelude.rational_canon(num, den)
    when Float, Rational
      to_f**other
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a**b
    end
  end

  def <=>(other)
    case other
    when Integer
      (@numerator <=> other * @denominator)
    when Rational
      (@numerator * other.denominator <=> other.numerator * @denominator)
    when Float
      to_f <=> other
    else
      RubyVM::Prelude.coerce_cmp(self, other)
    end
  end

  def ==(other)
    case other
    when Integer
      @denominator == 1 && @numerator == other
    when Rational
      @numerator == other.numerator && @denominator == other.denominator
    when Float
      to_f == other
    else
      other == self
    end
  end

  def coerce(other)
    case other
    when Integer
      [RubyVM::Prelude.rational_raw(other, 1), self]
    when Float
      [other, to_f]
    when Rational
      [other, self]
    when Complex
      if other.imaginary.is_a?(Integer) && other.imaginary == 0
        [Rational(other.real), self]
      else
        [other, Complex(self)]
      end
    else
      raise TypeError, "#{other.class} can't be coerced into Rational"
    end
  end

  def div(other)
    (self / other).floor
  end

  def %(other)
    self - other * div(other)
  end
  alias modulo %

  def divmod(other)
    [div(other), self % other]
  end

  def remainder(other)
    self - other * (self / other).truncate
  end

  def floor(*args)
    __round_common(args) { |r| r.numerator.div(r.denominator) }
  end

  def ceil(*args)
    __round_common(args) { |r| -((-r.numerator).div(r.denominator)) }
  end

  def truncate(*args)
    __round_common(args) do |r|
      r.numerator < 0 ? -((-r.numerator).div(r.denominator)) : r.numerator.div(r.denominator)
    end
  end

  def round(*args, half: nil)
    mode = case half
           when nil, :up, "up" then :up
           when :even, "even" then :even
           when :down, "down" then :down
           else raise ArgumentError, "invalid rounding mode: #{half.is_a?(Symbol) || half.is_a?(String) ? half : half.inspect}"
           end
    __round_common(args) do |r|
      num = r.numerator
      den = r.denominator
      neg = num < 0
      num = -num if neg
      num = num * 2 + den
      den *= 2
      case mode
      when :up
        num = num.div(den)
      when :down
        num = (num - 1).div(den)
      else
        q, m = num.divmod(den)
        num = m == 0 ? q & ~1 : q
      end
      neg ? -num : num
    end
  end

  def rationalize(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return self if args.empty?
    e = args[0].abs
    rat = @numerator < 0 ? -self : self
    a = e == 0 ? rat : rat - e
    b = e == 0 ? rat : rat + e
    return self if a == b
    p, q = RubyVM::Prelude.rationalize_internal(a, b)
    p = -p if @numerator < 0
    Rational(p, q)
  end

  # f_round_common.
  def __round_common(args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return yield(self) if args.empty?
    n = args[0]
    raise TypeError, "not an integer" unless n.is_a?(Integer)
    b = 10**n
    s = self * b
    if s.is_a?(Float)
      return n < 0 ? 0 : self
    end
    s = RubyVM::Prelude.rational_raw(s, 1) unless s.is_a?(Rational)
    s = yield(s)
    s = RubyVM::Prelude.rational_raw(s, 1) / b
    s = s.truncate if s.is_a?(Rational) && n < 1
    s
  end
  private :__round_common
end

class Complex < Numeric
  def self.new(*)
    raise NoMethodError, "undefined method `new' for Complex:Class"
  end

  # nucomp_s_new: both parts real (a Complex with a zero imaginary part
  # counts as one).
  def self.rectangular(real, imag = 0)
    RubyVM::Prelude.complex_real_check(real)
    RubyVM::Prelude.complex_real_check(imag)
    if real.is_a?(Complex) || imag.is_a?(Complex)
      return real + imag * RubyVM::Prelude.complex_raw(0, 1)
    end
    RubyVM::Prelude.complex_raw(real, imag)
  end

  def self.rect(real, imag = 0)
    rectangular(real, imag)
  end

  # nucomp_s_polar, then f_complex_polar.
  def self.polar(abs, *rest)
    raise ArgumentError, "wrong number of arguments (given #{rest.size + 1}, expected 1..2)" if rest.size > 1
    RubyVM::Prelude.complex_real_check(abs)
    return RubyVM::Prelude.complex_raw(abs, 0) if rest.empty?
    arg = rest[0]
    RubyVM::Prelude.complex_real_check(arg)
    abs = abs.real if abs.is_a?(Complex)
    arg = arg.real if arg.is_a?(Complex)
    return RubyVM::Prelude.complex_raw(abs, 0.0) if abs.zero? || arg.zero?
    if arg.is_a?(Float)
      if arg == Math::PI
        RubyVM::Prelude.complex_raw(-abs, 0.0)
      elsif arg == Math::PI / 2
        RubyVM::Prelude.complex_raw(0.0, abs)
      elsif arg == -Math::PI / 2
        RubyVM::Prelude.complex_raw(0.0, -abs)
      elsif abs.is_a?(Float)
        RubyVM::Prelude.complex_raw(abs * Math.cos(arg), abs * Math.sin(arg))
      else
        RubyVM::Prelude.complex_raw(abs * Math.cos(arg), abs * Math.sin(arg))
      end
    else
      RubyVM::Prelude.complex_raw(abs * Math.cos(arg), abs * Math.sin(arg))
    end
  end

  attr_reader :real, :imaginary
  alias imag imaginary

  def real?
    false
  end

  def rectangular
    [@real, @imaginary]
  end
  alias rect rectangular

  def hash
    [@real, @imaginary, :complex].hash
  end

  # nucomp_eql_p: parts of the same classes, and ==.
  def eql?(other)
    other.is_a?(Complex) && @real.class == other.real.class &&
      @imaginary.class == other.imaginary.class && self == other
  end

  # nucomp_cmp: only between numbers with no imaginary part.
  def <=>(other)
    unless other.is_a?(Numeric)
      return RubyVM::Prelude.coerce_cmp(self, other)
    end
    return nil unless RubyVM::Prelude.zero_p(@imaginary)
    if other.is_a?(Complex)
      RubyVM::Prelude.zero_p(other.imaginary) ? @real <=> other.real : nil
    elsif other.real?
      @real <=> other
    else
      RubyVM::Prelude.coerce_cmp(@real, other)
    end
  end

  def ==(other)
    case other
    when Complex
      @real == other.real && @imaginary == other.imaginary
    when Numeric
      @real == other && @imaginary == 0
    else
      other == self
    end
  end

  def -@
    RubyVM::Prelude.complex_raw(-@real, -@imaginary)
  end

  def conjugate
    RubyVM::Prelude.complex_raw(@real, -@imaginary)
  end
  alias conj conjugate

  def +(other)
    if other.is_a?(Complex)
      RubyVM::Prelude.complex_raw(@real + other.real, @imaginary + other.imaginary)
    elsif other.is_a?(Numeric) && other.real?
      RubyVM::Prelude.complex_raw(@real + other, @imaginary)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a + b
    end
  end

  def -(other)
    if other.is_a?(Complex)
      RubyVM::Prelude.complex_raw(@real - other.real, @imaginary - other.imaginary)
    elsif other.is_a?(Numeric) && other.real?
      RubyVM::Prelude.complex_raw(@real - other, @imaginary)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a - b
    end
  end

  def *(other)
    if other.is_a?(Complex)
      RubyVM::Prelude.complex_raw(@real * other.real - @imaginary * other.imaginary,
                                  @real * other.imaginary + @imaginary * other.real)
    elsif other.is_a?(Numeric) && other.real?
      RubyVM::Prelude.complex_raw(@real * other, @imaginary * other)
    else
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a * b
    end
  end

  # f_divide: by the larger of the divisor's parts (Smith's method), and
  # Rationals with denominator 1 made Integers unless a Float took part.
  def /(other)
    if other.is_a?(Complex)
      ar = @real
      ai = @imaginary
      br = other.real
      bi = other.imaginary
      flo = ar.is_a?(Float) || ai.is_a?(Float) || br.is_a?(Float) || bi.is_a?(Float)
      if br.abs > bi.abs
        r = bi.quo(br)
        n = br * (1 + r * r)
        x = (ar + ai * r).quo(n)
        y = (ai - ar * r).quo(n)
      else
        r = br.quo(bi)
        n = bi * (1 + r * r)
        x = (ar * r + ai).quo(n)
        y = (ai * r - ar).quo(n)
      end
      unless flo
        x = RubyVM::Prelude.rational_canonicalize(x)
        y = RubyVM::Prelude.rational_canonicalize(y)
      end
      RubyVM::Prelude.complex_raw(x, y)
    elsif other.is_a?(Numeric) && other.real?
      RubyVM::Prelude.complex_raw(RubyVM::Prelude.rational_canonicalize(@real.quo(other)),
                                  RubyVM::Prelude.rational_canonicalize(@imaginary.quo(other)))
    else
      # rb_num_coerce_bin(self, other, id_quo): quo for both.
      a, b = RubyVM::Prelude.coerce_bin(self, other)
      a.quo(b)
    end
  end
  alias quo /

  def fdiv(other)
    RubyVM::Prelude.complex_raw(@real.to_f, @imaginary.to_f) / other
  end

  # nucomp_expt.
  def **(other)
    return RubyVM::Prelude.complex_raw(1, 0) if other.is_a?(Numeric) && RubyVM::Prelude.exact_zero_p(other)
    other = other.numerator if other.is_a?(Rational) && other.denominator == 1
    other = other.real if other.is_a?(Complex) && RubyVM::Prelude.exact_zero_p(other.imaginary)
    return RubyVM::Prelude.complex_raw(@real, @imaginary) if other.equal?(1)
    if other.is_a?(Complex)
      r = abs
      theta = arg
      log_r = Math.log(r)
      nr = Math.exp(other.real * log_r - other.imaginary * theta)
      ntheta = theta * other.real + other.imaginary * log_r
      return Complex.polar(nr, ntheta)
    end
    if other.is_a?(Integer) && RubyVM::Prelude.fixnum?(other)
      return RubyVM::Prelude.complex_int_pow(self, other)
    end
    if other.is_a?(Numeric) && other.real?
      warn("in a**b, b may be too big", uplevel: 0) if other.is_a?(Integer)
      return Complex.polar(abs**other, arg * other)
    end
    a, b = RubyVM::Prelude.coerce_bin(self, other)
    a**b
  end

  def numerator
    cd = denominator
    RubyVM::Prelude.complex_raw(@real.numerator * (cd / @real.denominator),
                                @imaginary.numerator * (cd / @imaginary.denominator))
  end

  def denominator
    @real.denominator.lcm(@imaginary.denominator)
  end

  def rationalize(*eps)
    raise ArgumentError, "wrong number of arguments (given #{eps.size}, expected 0..1)" if eps.size > 1
    unless RubyVM::Prelude.exact_zero_p(@imaginary)
      raise RangeError, "can't convert #{self} into Rational"
    end
    @real.rationalize(*eps)
  end

  def marshal_dump
    [@real, @imaginary]
  end
  private :marshal_dump

  def abs
    if @real == 0 && !@real.is_a?(Float) || @real.zero?
      a = @imaginary.abs
      a = a.to_f if @real.is_a?(Float) && !@imaginary.is_a?(Float)
      return a
    end
    if @imaginary.zero?
      a = @real.abs
      a = a.to_f if !@real.is_a?(Float) && @imaginary.is_a?(Float)
      return a
    end
    Math.hypot(@real, @imaginary)
  end
  alias magnitude abs

  def abs2
    @real * @real + @imaginary * @imaginary
  end

  def arg
    Math.atan2(@imaginary, @real)
  end
  alias angle arg
  alias phase arg

  def polar
    [abs, arg]
  end

  def finite?
    @real.finite? && @imaginary.finite?
  end

  def infinite?
    @real.infinite? || @imaginary.infinite? ? 1 : nil
  end

  def to_c
    self
  end

  def to_f
    unless RubyVM::Prelude.exact_zero_p(@imaginary)
      raise RangeError, "can't convert #{self} into Float"
    end
    @real.to_f
  end

  def to_i
    unless RubyVM::Prelude.exact_zero_p(@imaginary)
      raise RangeError, "can't convert #{self} into Integer"
    end
    @real.to_i
  end

  def to_r
    unless RubyVM::Prelude.exact_zero_p(@imaginary)
      raise RangeError, "can't convert #{self} into Rational"
    end
    @real.to_r
  end

  def coerce(other)
    if other.is_a?(Complex)
      [other, self]
    elsif other.is_a?(Numeric) && other.real?
      [RubyVM::Prelude.complex_raw(other, 0), self]
    else
      raise TypeError, "#{other.class} can't be coerced into Complex"
    end
  end

  def to_s
    RubyVM::Prelude.complex_format(self, :to_s)
  end

  def inspect
    "(#{RubyVM::Prelude.complex_format(self, :inspect)})"
  end

end

module RubyVM::Prelude
  # f_format: real, sign of the imaginary part, |imag|, "*" after a
  # non-digit (NaN, Infinity), "i".
  def self.complex_format(c, meth)
    im = c.imaginary
    neg = if im.is_a?(Float)
            im.negative? || (im.zero? && 1.0 / im < 0) || (im.nan? && im.to_s.start_with?("-"))
          else
            im.negative?
          end
    s = c.real.__send__(meth) + (neg ? "-" : "+") + im.abs.__send__(meth)
    s += "*" unless s[-1].match?(/\d/)
    s + "i"
  end

  def self.complex_raw(real, imag)
    c = Complex.allocate
    c.instance_variable_set(:@real, real)
    c.instance_variable_set(:@imaginary, imag)
    c.freeze
  end

  # rb_rational_canonicalize: a Rational n/1 as the Integer n.
  def self.rational_canonicalize(x)
    x.is_a?(Rational) && x.denominator == 1 ? x.numerator : x
  end

  # f_zero_p: 0 for the built-in numbers, else `x == 0`.
  def self.zero_p(x)
    x.is_a?(Integer) || x.is_a?(Float) || x.is_a?(Rational) ? x.zero? : x == 0
  end

  # k_exact_zero_p: a zero that is not a Float.
  def self.exact_zero_p(x)
    !x.is_a?(Float) && zero_p(x)
  end

  def self.fixnum?(n)
    n >= -(2**62) && n < 2**62
  end

  # nucomp_real_check: Integer, Float, Rational, a Complex with a zero
  # imaginary part, or a Numeric that says it is real?.
  def self.complex_real_check(x)
    return if x.is_a?(Integer) || x.is_a?(Float) || x.is_a?(Rational)
    return if x.is_a?(Complex) && zero_p(x.imaginary)
    raise TypeError, "not a real" unless x.is_a?(Numeric) && x.real?
  end

  # rb_num_coerce_cmp: nil when y cannot coerce.
  def self.coerce_cmp(x, y)
    return nil unless y.respond_to?(:coerce)
    a, b = y.coerce(x)
    a <=> b
  rescue TypeError, ArgumentError
    nil
  end

  # nucomp_expt's Fixnum case (exact for exact parts).
  def self.complex_int_pow(c, n)
    return complex_raw(1, 0) if n == 0
    if n < 0
      c = 1.quo(c)
      n = -n
    end
    xr = c.real
    xi = c.imaginary
    zr = xr
    zi = xi
    if zero_p(xi)
      zr = zr**n
    elsif zero_p(xr)
      zi = zi**n
      zi = -zi if n & 2 != 0
      zr, zi = zi, zr if n & 1 == 0
    else
      while (n -= 1) > 0
        while n.even?
          xr, xi = xr * xr - xi * xi, 2 * xr * xi
          n /= 2
        end
        zr, zi = zr * xr - zi * xi, zr * xi + zi * xr
      end
    end
    complex_raw(zr, zi)
  end

  # rb_num_coerce_bin's coerce step for the Ruby-defined numerics.
  def self.coerce_bin(x, y)
    unless y.respond_to?(:coerce)
      name = y.nil? || y == true || y == false || y.is_a?(Symbol) || y.is_a?(Integer) || y.is_a?(Float) ? y.inspect : y.class
      raise TypeError, "#{name} can't be coerced into #{x.class}"
    end
    ary = y.coerce(x)
    raise TypeError, "coerce must return [x, y]" unless ary.is_a?(Array) && ary.size == 2
    ary
  end

  def self.coerce_cmp(x, y)
    return nil unless y.respond_to?(:coerce)
    ary = y.coerce(x)
    return nil if ary.nil?
    raise TypeError, "coerce must return [x, y]" unless ary.is_a?(Array) && ary.size == 2
    ary[0] <=> ary[1]
  end
end

module RubyVM::Prelude
  COMPLEX_NUM = "(?:[-+]?\\d+(?:_\\d+)*(?:\\.\\d+(?:_\\d+)*)?(?:[eE][-+]?\\d+(?:_\\d+)*)?(?:/\\d+(?:_\\d+)*)?)"
  COMPLEX_UNUM = COMPLEX_NUM.sub("[-+]?", "")
  COMPLEX_POLAR = /\A\s*(#{COMPLEX_NUM})@(#{COMPLEX_NUM})/
  COMPLEX_RECT = /\A\s*(#{COMPLEX_NUM})?(?:([-+])(#{COMPLEX_UNUM})?[ij])?/
  COMPLEX_IMAG = /\A\s*([-+])?(#{COMPLEX_UNUM})?[ij]/

  # str2num: Rational with "/", Float with "." or "e", else Integer.
  def self.complex_part(text)
    t = text.delete("_")
    if t.include?("/")
      str_to_r(t, false)
    elsif t.match?(/[.eE]/)
      t.to_f
    else
      t.to_i
    end
  end

  # String#to_c (strict = false) and Complex(str) (strict = true).
  def self.str_to_c(str, strict)
    if (m = COMPLEX_POLAR.match(str))
      c = Complex.polar(complex_part(m[1]), complex_part(m[2]))
    elsif (m = COMPLEX_IMAG.match(str))
      im = m[2] ? complex_part(m[2]) : 1
      im = -im if m[1] == "-"
      c = complex_raw(0, im)
    elsif (m = COMPLEX_RECT.match(str)) && m[1]
      re = complex_part(m[1])
      if m[2]
        im = m[3] ? complex_part(m[3]) : 1
        im = -im if m[2] == "-"
      else
        im = 0
      end
      c = complex_raw(re, im)
    else
      return strict ? nil : complex_raw(0, 0)
    end
    return nil if strict && !m.post_match.match?(/\A\s*\z/)
    c
  end
end

module Kernel
  def Rational(*args, exception: true)
    unless args.size == 1 || args.size == 2
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..2)"
    end
    a1, a2 = args
    if a1.nil? || (args.size == 2 && a2.nil?)
      return nil unless exception
      raise TypeError, "can't convert nil into Rational"
    end
    a1 = a1.real if a1.is_a?(Complex) && a1.imaginary.is_a?(Integer) && a1.imaginary == 0
    a2 = a2.real if a2.is_a?(Complex) && a2.imaginary.is_a?(Integer) && a2.imaginary == 0
    conv = lambda do |a|
      case a
      when Integer, Rational then a
      when Float then a.to_r
      when String
        r = RubyVM::Prelude.str_to_r(a, true)
        if r.nil?
          return nil unless exception
          raise ArgumentError, "invalid value for convert(): #{a.inspect}"
        end
        r
      else
        if !a.respond_to?(:to_r) && a.respond_to?(:to_int)
          a.to_int
        else
          a
        end
      end
    end
    a1 = conv.call(a1)
    a2 = conv.call(a2) if args.size == 2
    return a1 if a1.is_a?(Rational) && (args.size == 1 || (a2.is_a?(Integer) && a2 == 1))
    if args.size == 1
      return a1 if a1.is_a?(Rational)
      unless a1.is_a?(Integer)
        begin
          raise TypeError, "can't convert #{RubyVM::Prelude.implicit_name(a1)} into Rational" unless a1.respond_to?(:to_r)
          r = a1.to_r
          unless r.is_a?(Rational)
            raise TypeError, "can't convert #{a1.class} to Rational (#{a1.class}#to_r gives #{r.class})"
          end
          return r
        rescue StandardError
          return nil unless exception
          raise
        end
      end
      return RubyVM::Prelude.rational_raw(a1, 1)
    end
    [a1, a2].each do |a|
      next if a.is_a?(Numeric)
      unless a.respond_to?(:to_r)
        return nil unless exception
        raise TypeError, "can't convert #{RubyVM::Prelude.implicit_name(a)} into Rational"
      end
    end
    a1 = a1.to_r unless a1.is_a?(Numeric)
    a2 = a2.to_r unless a2.is_a?(Numeric)
    if !a1.is_a?(Integer) || !a2.is_a?(Integer)
      a1 = a1.to_r if a1.respond_to?(:to_r) && !a1.is_a?(Rational)
      return a1 / a2
    end
    RubyVM::Prelude.rational_canon(a1, a2)
  end

  def Complex(*args, exception: true)
    unless args.size == 1 || args.size == 2
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..2)"
    end
    a1, a2 = args
    if a1.nil? || (args.size == 2 && a2.nil?)
      return nil unless exception
      raise TypeError, "can't convert nil into Complex"
    end
    return a1 if args.size == 1 && a1.is_a?(Complex)
    if args.size == 1 && a1.is_a?(String)
      c = RubyVM::Prelude.str_to_c(a1, true)
      return c if c
      return nil unless exception
      raise ArgumentError, "invalid value for convert(): #{a1.inspect}"
    end
    if a1.is_a?(String) || a2.is_a?(String)
      return nil unless exception
      raise TypeError, "can't convert String into Complex"
    end
    a2 = 0 if args.size == 1
    if a1.is_a?(Complex) || a2.is_a?(Complex)
      return a1 + a2 * Complex.rectangular(0, 1)
    end
    RubyVM::Prelude.complex_raw(a1, a2)
  end
  private :Rational, :Complex
end

class Numeric
  include Comparable

  def integer?
    false
  end

  def real?
    true
  end

  def real
    self
  end

  def imaginary
    0
  end
  alias imag imaginary

  def abs2
    self * self
  end

  def arg
    if is_a?(Float)
      # float_arg: NaN is itself; -0.0 has its sign bit set, so Pi
      return self if nan?
      return self < 0 || (zero? && 1.0 / self < 0) ? Math::PI : 0
    end
    negative? ? Math::PI : 0
  end
  alias angle arg
  alias phase arg

  def rectangular
    [self, 0]
  end
  alias rect rectangular

  def polar
    [abs, arg]
  end

  def conjugate
    self
  end
  alias conj conjugate

  def to_c
    Complex(self, 0)
  end

  def i
    Complex(0, self)
  end

  # (Numeric#step is native, src/builtins/integer.rs: with a block and
  # Fixnum bounds and step it loops itself; everything else comes here.)
  def __step(*args, **kw, &block)
    to, step, by, by_given = RubyVM::Prelude.step_args(args, kw)
    unless block
      step = by if by_given
      if step.nil?
        step = 1
      elsif step == 0
        raise ArgumentError, "step can't be 0"
      end
      if (to.nil? || to.is_a?(Numeric)) && step.is_a?(Numeric)
        return Enumerator::ArithmeticSequence.__new(self, :step, args, kw, self, to, step, false)
      end
      return to_enum(:step, *args, **kw)
    end
    if by_given
      step = by
    elsif args.size > 1 && step.nil?
      raise TypeError, "step must be numeric"
    end
    raise ArgumentError, "step can't be 0" if step == 0 && !by_given
    step = 1 if step.nil?
    desc = RubyVM::Prelude.step_negative?(step)
    to = desc ? -Float::INFINITY : Float::INFINITY if to.nil?
    inf = if step == 0
            true
          elsif to.is_a?(Float)
            to.infinite? && (to < 0 ? desc : !desc)
          else
            false
          end
    if is_a?(Integer) && (inf || to.is_a?(Integer)) && step.is_a?(Integer)
      i = self
      if inf
        loop do
          yield i
          i += step
        end
      elsif desc
        while i >= to
          yield i
          i += step
        end
      else
        while i <= to
          yield i
          i += step
        end
      end
    elsif !RubyVM::Prelude.float_step(self, to, step, false, false, &block)
      i = self
      if inf
        loop do
          yield i
          i += step
        end
      else
        cmp = desc ? :< : :>
        until i.__send__(cmp, to)
          yield i
          i += step
        end
      end
    end
    self
  end

  private :__step

  def div(other)
    raise ZeroDivisionError, "divided by 0" if other == 0
    (self / other).floor
  end

  def modulo(other)
    self - other * div(other)
  end
  alias % modulo

  def remainder(other)
    z = self % other
    if z != 0 && ((negative? && other.positive?) || (positive? && other.negative?))
      return self if other.is_a?(Float) && other.infinite?
      return z - other
    end
    z
  end

  def divmod(other)
    [div(other), self % other]
  end

  def fdiv(other)
    to_f / other
  end

  def quo(other)
    Rational(self, 1) / other
  end

  def zero?
    self == 0
  end

  def nonzero?
    zero? ? nil : self
  end

  def positive?
    self > 0
  end

  def negative?
    self < 0
  end

  def finite?
    true
  end

  def infinite?
    nil
  end

  def abs
    negative? ? -self : self
  end
  alias magnitude abs

  def -@
    a, b = coerce(0)
    a - b
  end

  def to_int
    to_i
  end

  def eql?(other)
    self.class == other.class && self == other
  end

  def <=>(other)
    equal?(other) ? 0 : nil
  end

  def floor(*args)
    to_f.floor(*args)
  end

  def ceil(*args)
    to_f.ceil(*args)
  end

  def round(*args, **kw)
    to_f.round(*args, **kw)
  end

  def truncate(*args)
    to_f.truncate(*args)
  end
end

class Integer
  def to_r
    RubyVM::Prelude.rational_raw(self, 1)
  end

  def rationalize(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    RubyVM::Prelude.rational_raw(self, 1)
  end

  def to_c
    Complex(self, 0)
  end
end

class Float
  def numerator
    return self if nan? || infinite?
    to_r.numerator
  end

  def denominator
    return 1 if infinite?
    return self if nan?
    to_r.denominator
  end

  # float_rationalize: the simplest rational within the float's rounding
  # interval, or within +-eps.
  def rationalize(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    neg = self < 0.0
    flt = neg ? -self : self
    if args.size == 1
      e = args[0].abs
      a = flt - e
      b = flt + e
      rat = if a == b
              flt.to_r
            else
              p, q = RubyVM::Prelude.rationalize_internal(a, b)
              Rational(p, q)
            end
    else
      fr, ex = Math.frexp(flt)
      f = (fr * (2**53)).to_i
      n = ex - 53
      if f == 0 || n >= 0
        rat = RubyVM::Prelude.rational_raw(f << n, 1)
      else
        den = 2**(1 - n)
        a = Rational(2 * f - 1, den)
        b = Rational(2 * f + 1, den)
        if a == b
          rat = flt.to_r
        else
          p, q = RubyVM::Prelude.rationalize_internal(a, b)
          rat = Rational(p, q)
        end
      end
    end
    neg ? -rat : rat
  end

  def to_c
    Complex(self, 0)
  end
end

class String
  unless method_defined?(:hex)
    def hex
      RubyVM::Prelude.str_to_inum(self, 16, /\A\s*([-+]?)(0[xX])?/)
    end
  end

  unless method_defined?(:oct)
    # rb_str_to_inum(str, -8): a 0x/0b/0o/0d prefix picks the base.
    def oct
      RubyVM::Prelude.str_to_inum(self, 8, /\A\s*([-+]?)(0[xXbBoOdD])?/)
    end
  end

  unless method_defined?(:to_c)
    def to_c
      RubyVM::Prelude.str_to_c(self, false)
    end
  end

  unless method_defined?(:to_r)
    def to_r
      RubyVM::Prelude.str_to_r(self, false) || RubyVM::Prelude.rational_raw(0, 1)
    end
  end
end

class Enumerator
  # What Numeric#step and Range#step return without a block.
  class ArithmeticSequence < Enumerator
    # Made only by step / Range#% (CRuby undefines new and the allocator).
    class << self
      alias_method :__allocate, :allocate
      private :__allocate
      undef_method :new

      def allocate
        raise TypeError, "allocator undefined for #{self}"
      end
    end

    def self.__new(recv, meth, args, kw, first, last, step, excl)
      s = __allocate
      s.__send__(:__setup, recv, meth, args, kw, nil)
      s.__send__(:__arith, first, last, step, excl)
      s
    end

    def __arith(first, last, step, excl)
      @begin = first
      @end = last
      @step = step
      @excl = excl
    end
    private :__arith

    attr_reader :begin, :end, :step

    def exclude_end?
      @excl
    end

    # arith_seq_each.
    def each(&block)
      return self unless block
      c = @begin
      e = @end
      s = @step
      return self if !s.is_a?(Complex) && RubyVM::Prelude.float_step(c, e, s, @excl, true, &block)
      if e.nil?
        loop do
          yield c
          c += s
        end
      end
      if s == 0
        loop { yield c }
      end
      len1 = (e - c).div(s)
      last = c + s * len1
      last -= s if @excl && last == e
      if s.negative?
        while c >= last
          yield c
          c += s
        end
      else
        while last >= c
          yield c
          c += s
        end
      end
      self
    end

    def size
      if @begin.is_a?(Float) || @end.is_a?(Float) || @step.is_a?(Float)
        e = @end.nil? ? (@step < 0 ? -Float::INFINITY : Float::INFINITY) : @end
        n = RubyVM::Prelude.float_step_size(@begin.to_f, e.to_f, @step.to_f, @excl)
        return n.is_a?(Float) && n.finite? ? n.to_i : n
      end
      return Float::INFINITY if @end.nil? || @step == 0
      len1 = (@end - @begin).div(@step)
      return 0 if len1 < 0
      last = @begin + @step * len1
      len1 -= 1 if @excl && last == @end
      len1 + 1
    end

    # arith_seq_first.
    def first(*args)
      if args.size > 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
      end
      b = @begin
      e = @end
      s = @step
      if args.empty?
        return nil if b.nil?
        unless e.nil?
          r = RubyVM::Prelude.cmpint(s <=> 0, s, 0)
          return nil if r > 0 && b > e
          return nil if r < 0 && b < e
        end
        return b
      end
      n = RubyVM::Prelude.to_long(args[0])
      raise ArgumentError, "attempt to take negative size" if n < 0
      return [] if n == 0
      unless b.is_a?(Float) || e.is_a?(Float) || s.is_a?(Float)
        ary = []
        each do |v|
          ary << v
          break if ary.size >= n
        end
        return ary
      end
      unit = s.to_f
      beg = b.to_f
      fin = e.nil? ? (unit < 0 ? -1 : 1) * Float::INFINITY : e.to_f
      len = RubyVM::Prelude.float_step_size(beg, fin, unit, @excl)
      n = len.to_i if n > len
      if unit.infinite?
        len > 0 ? [beg] : []
      elsif unit == 0
        len.infinite? ? Array.new(n, beg) : Array.new(len.to_i, beg)
      else
        (0...n).map do |i|
          d = i * unit + beg
          d = fin if unit >= 0 ? fin < d : d < fin
          d
        end
      end
    end

    def last(*args)
      a = to_a
      args.empty? ? a.last : a.last(*args)
    end

    def ==(other)
      other.is_a?(ArithmeticSequence) && @begin == other.begin && @end == other.end &&
        @step == other.step && @excl == other.exclude_end?
    end
    alias eql? ==
    alias === ==

    def hash
      [@begin, @end, @step, @excl].hash
    end

    def inspect
      recv = @receiver.is_a?(Range) ? "(#{@receiver.inspect})" : @receiver.inspect
      parts = @args.map(&:inspect) + @kw.map { |k, v| "#{k}: #{v.inspect}" }
      args = parts.empty? ? "" : "(#{parts.join(', ')})"
      "(#{recv}.#{@method}#{args})"
    end
    alias to_s inspect
  end
end

class Range
  unless method_defined?(:step)
    def step(*args, &block)
      if args.size > 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
      end
      b = self.begin
      e = self.end
      step = args.empty? ? 1 : args[0]
      unless block
        step = RubyVM::Prelude.to_int_step(step) unless step.is_a?(Numeric)
        raise ArgumentError, "step can't be 0" if step == 0
        if (b.is_a?(Numeric) && (e.nil? || e.is_a?(Numeric))) || (b.nil? && e.is_a?(Numeric))
          return Enumerator::ArithmeticSequence.__new(self, :step, args, {}, b, e, step, exclude_end?)
        end
        return to_enum(:step, *args)
      end
      step = RubyVM::Prelude.to_int_step(step) unless step.is_a?(Numeric)
      c = RubyVM::Prelude.cmpint(step <=> 0, step, 0)
      raise ArgumentError, "step can't be negative" if c < 0
      raise ArgumentError, "step can't be 0" if c == 0
      if b.is_a?(Integer) && e.is_a?(Integer) && step.is_a?(Integer)
        i = b
        fin = exclude_end? ? e : e + 1
        while i < fin
          yield i
          i += step
        end
      elsif b.is_a?(Integer) && e.nil? && step.is_a?(Integer)
        i = b
        loop do
          yield i
          i += step
        end
      elsif RubyVM::Prelude.float_step(b, e, step, exclude_end?, true, &block)
        # done
      elsif b.is_a?(Numeric)
        op = exclude_end? ? :< : :<=
        v = b
        i = 0
        while e.nil? || v.__send__(op, e)
          yield v
          i += 1
          v = b + i * step
        end
      else
        i = 0
        each do |v|
          yield v if (i % step).zero?
          i += 1
        end
      end
      self
    end

    alias % step
  end
end

module RubyVM::Prelude
  # String#hex / #oct: optional sign and base prefix, then the lenient
  # digits of String#to_i.
  def self.str_to_inum(str, base, re)
    m = re.match(str)
    if m[2]
      base = { "x" => 16, "b" => 2, "o" => 8, "d" => 10 }[m[2][1].downcase]
    end
    body = m.post_match
    return 0 if body.start_with?("-", "+", " ")
    v = body.to_i(base)
    m[1] == "-" ? -v : v
  end

  def self.to_int_step(step)
    return step if step.is_a?(Integer)
    unless step.respond_to?(:to_int)
      raise TypeError, "no implicit conversion of #{implicit_name(step)} into Integer"
    end
    step.to_int
  end
end

class Complex
  I = RubyVM::Prelude.complex_raw(0, 1)

  # Numeric's ordering and rounding do not apply (complex.c's undefs);
  # here, after Numeric has all its methods.
  %i[% < <= > >= between? clamp div divmod floor ceil modulo remainder round
     step truncate i positive? negative?].each { |m| undef_method(m) if method_defined?(m) }
end
