# frozen_string_literal: true
#
# Internal helpers shared by the Ruby-written parts of carmine's core library.
#
# Load this file before every other prelude file. The helpers reproduce small
# pieces of CRuby's C API whose exact behaviour shows in error messages:
# rb_cmpint, rb_cmperr, rb_check_array_type and NUM2LONG. They live under
# RubyVM so that no new top-level constant becomes visible to programs.
module RubyVM::Prelude
  # Largest and smallest Fixnum on a 64-bit build (carmine tags values the
  # CRuby way, so the boundary is the same). rb_cmperr inspects Fixnums but
  # names the class of Bignums.
  FIXNUM_MAX = 4611686018427387903
  FIXNUM_MIN = -4611686018427387904

  # define_method(name, &proc) with a Method's or a Symbol's Proc: a body
  # that calls it.
  def self.proc_method_body(pr)
    lambda { |*a, **kw, &b| pr.call(*a, **kw, &b) }
  end

  # rb_cmpint: turns the result of `a <=> b` into -1, 0 or 1, raising
  # "comparison of A with B failed" when it is nil.
  def self.cmpint(val, a, b)
    cmperr(a, b) if val.nil?
    if val.is_a?(Integer)
      return 1 if val > 0
      return -1 if val < 0
      return 0
    end
    return 1 if val > 0
    return -1 if val < 0
    0
  end

  # `compare(a, b)`, `a <=> b` reduced to -1/0/1 with OPTIMIZED_CMP's fast
  # paths, is native (src/builtins/rubyvm.rs).

  # rb_cmperr: special constants (nil, true, false, Fixnums, Symbols) and
  # Floats are shown with inspect, everything else by its class.
  def self.cmperr(a, b)
    desc =
      case b
      when nil, true, false, Symbol, Float
        b.inspect
      when Integer
        b >= FIXNUM_MIN && b <= FIXNUM_MAX ? b.inspect : b.class
      else
        b.class
      end
    raise ArgumentError, "comparison of #{a.class} with #{desc} failed"
  end

  # rb_check_array_type: the array itself, the result of to_ary, or nil.
  def self.check_array(obj)
    return obj if obj.is_a?(Array)
    return nil unless obj.respond_to?(:to_ary, true)
    ary = obj.__send__(:to_ary)
    return ary if ary.nil? || ary.is_a?(Array)
    raise TypeError,
          "can't convert #{obj.class} to Array (#{obj.class}#to_ary gives #{ary.class})"
  end

  # NUM2LONG: an Integer, or the result of to_int, with CRuby's messages.
  def self.to_long(obj)
    return obj if obj.is_a?(Integer)
    return obj.to_i if obj.is_a?(Float)
    raise TypeError, "no implicit conversion from nil to integer" if obj.nil?
    if obj.respond_to?(:to_int, true)
      val = obj.__send__(:to_int)
      return val if val.is_a?(Integer)
      raise TypeError,
            "can't convert #{obj.class} to Integer (#{obj.class}#to_int gives #{val.class})"
    end
    raise TypeError, "no implicit conversion of #{implicit_name(obj)} into Integer"
  end

  # rb_check_convert_type: obj itself, obj.meth (which must be a klass),
  # or nil when obj does not respond to meth.
  def self.try_convert(obj, klass, meth)
    return obj if obj.is_a?(klass)
    return nil unless obj.respond_to?(meth, true)
    v = obj.__send__(meth)
    return v if v.nil? || v.is_a?(klass)
    raise TypeError, "can't convert #{obj.class} to #{klass} (#{obj.class}##{meth} gives #{v.class})"
  end

  # rb_convert_type: like try_convert, but a TypeError when impossible.
  def self.convert(obj, klass, meth)
    v = try_convert(obj, klass, meth)
    raise TypeError, "no implicit conversion of #{implicit_name(obj)} into #{klass}" if v.nil?
    v
  end

  # How CRuby names a value in "no implicit conversion of X into Y".
  def self.implicit_name(obj)
    case obj
    when nil then "nil"
    when true then "true"
    when false then "false"
    else obj.class
    end
  end

  # Whether a member name prints bare in inspect (a local or constant name).
  def self.identifier?(name)
    name.to_s.match?(/\A[A-Za-z_][A-Za-z0-9_]*\z/)
  end

  # Objects whose inspect is running, to print recursive structures the
  # way CRuby does. guard_inspect yields and returns true, or returns false
  # without yielding when obj is already being inspected.
  INSPECTING = []

  def self.guard_inspect(obj)
    return false if INSPECTING.any? { |o| o.equal?(obj) }
    INSPECTING.push(obj)
    begin
      yield
    ensure
      INSPECTING.pop
    end
    true
  end
end
