# frozen_string_literal: true
#
# Marshal: Ruby's binary serialisation, format 4.8 (loaded on the first
# Marshal.dump/load call; prelude/core.rb has the stubs).
#
# carmine's own implementation in Ruby of the parts programs use:
# nil/true/false, Integer (fixnum and bignum), Float, String (with its
# encoding), Symbol (and symlinks), Array, Hash (with default), Struct,
# Range, Rational, Complex, plain objects with ivars, classes/modules,
# subclasses of String/Array/Hash, marshal_dump/marshal_load and
# _dump/_load, object links for shared and cyclic references.
module Marshal
  # MAJOR_VERSION and MINOR_VERSION are defined in prelude/core.rb.

  # Writes one object graph.
  class Writer
    def initialize(limit)
      @out = "".b
      @out << 4 << 8
      @syms = {}
      @objs = {}.compare_by_identity
      @limit = limit
    end

    attr_reader :out

    def byte(b) = @out << (b & 0xff)

    def long(n)
      if n.zero?
        byte(0)
      elsif n.positive? && n < 123
        byte(n + 5)
      elsif n.negative? && n > -124
        byte(n - 5)
      else
        bytes = []
        x = n
        4.times do
          bytes << (x & 0xff)
          x >>= 8
          break if (n >= 0 && x.zero?) || (n.negative? && x == -1)
        end
        byte(n >= 0 ? bytes.size : -bytes.size)
        bytes.each { |b| byte(b) }
      end
    end

    def raw(s)
      long(s.bytesize)
      s.each_byte { |b| byte(b) }
    end

    def symbol(sym)
      if (i = @syms[sym])
        byte(0x3b) # ;
        long(i)
        return
      end
      @syms[sym] = @syms.size
      name = sym.to_s
      if name.ascii_only?
        byte(0x3a) # :
        raw(name)
      else
        byte(0x49) # I
        byte(0x3a)
        raw(name)
        long(1)
        symbol(:E)
        byte(0x54)
      end
    end

    # Module#name itself: a class's own `name` method is not asked.
    MODULE_NAME = Module.instance_method(:name)

    def class_name(klass)
      name = MODULE_NAME.bind_call(klass)
      raise TypeError, "can't dump anonymous class #{klass}" if name.nil?
      symbol(name.to_sym)
    end

    # w_extended: an `e` record for each module the object was extended
    # with; a singleton class with methods or ivars of its own cannot be
    # dumped.
    def extended(obj)
      sc = RubyVM::Prelude.existing_singleton_class(obj)
      return unless sc
      if !sc.instance_methods(false).empty? || !sc.private_instance_methods(false).empty? ||
         !sc.instance_variables.empty?
        raise TypeError, "singleton can't be dumped"
      end
      real = obj.class
      sc.ancestors.each do |m|
        next if m.equal?(sc)
        break if m.equal?(real)
        name = MODULE_NAME.bind_call(m)
        raise TypeError, "can't dump anonymous class #{m}" if name.nil?
        byte(0x65) # e
        symbol(name.to_sym)
      end
    end

    # The instance variables a String, Regexp, Array, Hash or Struct
    # carries beside its contents (an `I` record's pairs after the
    # encoding).
    def generic_ivars(obj)
      obj.instance_variables.map { |n| [n, obj.instance_variable_get(n)] }
    end

    # `I` + body + the encoding and ivar pairs, when there are any.
    def with_ivars(obj, enc_of, depth)
      pairs = generic_ivars(obj)
      enc = enc_of && encoding_pair(enc_of)
      if enc.nil? && pairs.empty?
        yield
        return
      end
      byte(0x49) # I
      yield
      long(pairs.size + (enc ? 1 : 0))
      if enc
        symbol(enc[0])
        write(enc[1], depth)
      end
      pairs.each do |n, v|
        symbol(n)
        write(v, depth)
      end
    end

    # The encoding as an ivar pair (E true/false, or encoding: name), nil
    # for binary.
    def encoding_pair(str)
      enc = str.encoding
      if enc == Encoding::ASCII_8BIT then nil
      elsif enc == Encoding::UTF_8 then [:E, true]
      elsif enc == Encoding::US_ASCII then [:E, false]
      else [:encoding, enc.name]
      end
    end

    # A link to `obj` if it was written before; else it enters the object
    # table now (unless the caller remembers it later).
    def link?(obj, remember: true)
      if (i = @objs[obj])
        byte(0x40) # @
        long(i)
        return true
      end
      @objs[obj] = @objs.size if remember
      false
    end

    def float_repr(f)
      return "nan" if f.nan?
      return f.positive? ? "inf" : "-inf" if f.infinite?
      return (1.0 / f).negative? ? "-0" : "0" if f.zero?
      s = f.to_s
      m = /\A(-?)(\d+)\.(\d+)(?:e([-+]\d+))?\z/.match(s)
      sign, int, frac, exp = m[1], m[2], m[3], m[4].to_i
      digits = (int + frac).sub(/\A0+/, "")
      lead_zeros = (int + frac).size - (int + frac).sub(/\A0+/, "").size
      digits = digits.sub(/0+\z/, "")
      decpt = int.size + exp - lead_zeros
      if decpt < -3 || decpt > digits.size
        d = digits.size > 1 ? "#{digits[0]}.#{digits[1..]}" : digits
        "#{sign}#{d}e#{decpt - 1}"
      elsif decpt.positive?
        d = decpt < digits.size ? "#{digits[0, decpt]}.#{digits[decpt..]}" : digits
        "#{sign}#{d}"
      else
        "#{sign}0.#{'0' * -decpt}#{digits}"
      end
    end

    # A NameError's receiver is not part of its dump (CRuby keeps it in the
    # message object, which dumps only its text).
    def ivars_of(obj)
      names = obj.instance_variables.reject { |n| n.start_with?("@__") }
      names.delete(:@receiver) if obj.is_a?(NameError)
      names
    end

    def write(obj, depth = @limit)
      raise ArgumentError, "exceed depth limit" if depth.zero?
      depth -= 1
      case obj
      when nil then byte(0x30)
      when true then byte(0x54)
      when false then byte(0x46)
      when Symbol then symbol(obj)
      when Integer
        if obj >= -(2**30) && obj < 2**30
          byte(0x69) # i
          long(obj)
        else
          return if link?(obj)
          byte(0x6c) # l
          byte(obj.negative? ? 0x2d : 0x2b)
          x = obj.abs
          bytes = []
          while x.positive?
            bytes << (x & 0xff)
            x >>= 8
          end
          bytes << 0 if bytes.size.odd?
          long(bytes.size / 2)
          bytes.each { |b| byte(b) }
        end
      when Float
        return if link?(obj)
        byte(0x66) # f
        raw(float_repr(obj))
      when Time
        write_time(obj, depth)
      else
        return if link?(obj)
        write_object(obj, depth)
      end
    end

    # A Time as CRuby writes it: its _dump bytes as a user-defined object
    # whose String carries the offset, zone and sub-microsecond digits as
    # hidden instance variables; the Time enters the object table after
    # them (w_remember follows w_ivar in CRuby's w_object).
    def write_time(obj, depth)
      return if link?(obj, remember: false)
      data = obj.__send__(:_dump, -1)
      ivars = obj.__marshal_ivars
      byte(0x49) # I
      byte(0x75) # u
      class_name(obj.class)
      raw(data)
      long(ivars.size)
      ivars.each do |k, v|
        symbol(k)
        write(v, depth)
      end
      @objs[obj] = @objs.size
    end

    def write_object(obj, depth)
      if obj.respond_to?(:marshal_dump, true)
        byte(0x55) # U
        class_name(obj.class)
        write(obj.__send__(:marshal_dump), depth)
        return
      end
      if obj.respond_to?(:_dump, true)
        data = obj.__send__(:_dump, -1)
        raise TypeError, "_dump() must return string" unless data.is_a?(String)
        # The String's encoding and ivars wrap the record.
        with_ivars(data, data, depth) do
          byte(0x75) # u
          class_name(obj.class)
          raw(data)
        end
        return
      end
      case obj
      when Class
        raise TypeError, "singleton class can't be dumped" if obj.singleton_class?
        byte(0x63)
        raw(MODULE_NAME.bind_call(obj) || raise(TypeError, "can't dump anonymous class #{obj}"))
      when Module
        byte(0x6d)
        raw(MODULE_NAME.bind_call(obj) || raise(TypeError, "can't dump anonymous module #{obj}"))
      when String
        with_ivars(obj, obj, depth) do
          extended(obj)
          user_class(obj, String)
          byte(0x22) # "
          raw(obj)
        end
      when Regexp
        # An ASCII-only regexp is US-ASCII in CRuby.
        src = obj.source
        src = src.dup.force_encoding(Encoding::US_ASCII) if src.ascii_only?
        with_ivars(obj, src, depth) do
          extended(obj)
          user_class(obj, Regexp)
          byte(0x2f)
          raw(obj.source)
          byte(obj.options & 7)
        end
      when Array
        with_ivars(obj, nil, depth) do
          extended(obj)
          user_class(obj, Array)
          byte(0x5b) # [
          long(obj.size)
          obj.each { |x| write(x, depth) }
        end
      when Hash
        raise TypeError, "can't dump hash with default proc" if obj.default_proc
        with_ivars(obj, nil, depth) do
          extended(obj)
          user_class(obj, Hash)
          byte(obj.default.nil? ? 0x7b : 0x7d)
          long(obj.size)
          obj.each do |k, v|
            write(k, depth)
            write(v, depth)
          end
          write(obj.default, depth) unless obj.default.nil?
        end
      when Struct
        with_ivars(obj, nil, depth) do
          extended(obj)
          byte(0x53) # S
          class_name(obj.class)
          long(obj.members.size)
          obj.members.each_with_index do |m, i|
            symbol(m)
            write(obj[i], depth)
          end
        end
      when Range
        byte(0x6f)
        symbol(:Range)
        long(3)
        symbol(:excl)
        write(obj.exclude_end?, depth)
        symbol(:begin)
        write(obj.begin, depth)
        symbol(:end)
        write(obj.end, depth)
      when Rational
        byte(0x55)
        symbol(:Rational)
        write([obj.numerator, obj.denominator], depth)
      when Complex
        byte(0x55)
        symbol(:Complex)
        write([obj.real, obj.imaginary], depth)
      when Proc, Method, UnboundMethod, Binding, IO, ObjectSpace::WeakMap
        raise TypeError, "no _dump_data is defined for class #{obj.class}"
      else
        extended(obj)
        byte(0x6f) # o
        class_name(obj.class)
        # An exception's message and backtrace go first, under CRuby's
        # hidden names.
        pairs = []
        if obj.is_a?(Exception)
          pairs << [:mesg, RubyVM::Prelude.hidden_get(obj, :mesg)] << [:bt, obj.backtrace]
        end
        ivars_of(obj).each { |n| pairs << [n, obj.instance_variable_get(n)] }
        long(pairs.size)
        pairs.each do |n, v|
          symbol(n)
          write(v, depth)
        end
      end
    end

    def user_class(obj, base)
      return if obj.class == base
      byte(0x43) # C
      class_name(obj.class)
    end
  end

  # Reads one object graph.
  class Reader
    def initialize(src, proc, freeze)
      @s = src
      @pos = 0
      @syms = []
      @objs = []
      @proc = proc
      @freeze = freeze
    end

    def read_all
      major = byte
      minor = byte
      unless major == MAJOR_VERSION && minor <= MINOR_VERSION
        raise TypeError, "incompatible marshal file format (can't be read)\n\tformat version #{MAJOR_VERSION}.#{MINOR_VERSION} required; #{major.inspect}.#{minor.inspect} given"
      end
      read
    end

    def byte
      b = @s.getbyte(@pos)
      raise ArgumentError, "marshal data too short" if b.nil?
      @pos += 1
      b
    end

    def long
      c = byte
      c -= 256 if c > 127
      return 0 if c.zero?
      return c - 5 if c > 4
      return c + 5 if c < -4
      n = 0
      c.abs.times { |i| n |= byte << (8 * i) }
      n -= 1 << (8 * c.abs) if c.negative?
      n
    end

    def raw
      len = long
      raise ArgumentError, "marshal data too short" if @pos + len > @s.bytesize
      s = @s.byteslice(@pos, len)
      @pos += len
      s
    end

    def symbol
      case byte
      when 0x3a
        s = raw.force_encoding(Encoding::UTF_8).to_sym
        @syms << s
        s
      when 0x3b then @syms.fetch(long)
      when 0x49
        sym = symbol
        long.times { symbol; read }
        sym
      else raise ArgumentError, "dump format error for symbol(0x#{@s.getbyte(@pos - 1).to_s(16)})"
      end
    end

    # `Iu`: a user-defined object whose String has instance variables (or
    # an encoding): they are read before `_load` sees the String, as
    # CRuby's r_object does. Time's are hidden ones (offset, zone...)
    # handed to Time.__load.
    def read_user_ivars
      byte
      klass = const(symbol)
      data = raw
      ivars = {}
      long.times { ivars[symbol] = read }
      if klass <= Time
        return finish(register(klass.__load(data, ivars)))
      end
      ivars.each { |k, v| set_ivar(data, k, v) }
      finish(register(klass._load(data)))
    end

    # An `I` record's pair: a String's encoding (E, encoding) or an ivar.
    def set_ivar(obj, k, v)
      if k == :E
        obj.force_encoding(v ? Encoding::UTF_8 : Encoding::US_ASCII) if obj.is_a?(String)
      elsif k == :encoding
        obj.force_encoding(v) if obj.is_a?(String)
      else
        obj.instance_variable_set(k, v)
      end
    end

    def register(obj)
      @objs << obj
      obj
    end

    def const(name)
      name.to_s.split("::").inject(Object) { |m, c| m.const_get(c) }
    rescue NameError
      raise ArgumentError, "undefined class/module #{name}"
    end

    def finish(obj)
      obj = @proc.call(obj) if @proc
      obj.freeze if @freeze && !obj.is_a?(Module)
      obj
    end

    # `partial`: the caller adds ivars or modules first, then finishes it
    # (r_leave's proc and freeze come last, as CRuby's r_object0).
    def read(partial = false)
      type = byte
      obj = case type
            when 0x30 then nil
            when 0x54 then true
            when 0x46 then false
            when 0x69 then long
            when 0x3a, 0x3b
              @pos -= 1
              symbol
            when 0x40 then return @objs.fetch(long)
            when 0x49
              return read_user_ivars if @s.getbyte(@pos) == 0x75
              obj = read(true)
              long.times do
                k = symbol
                v = read
                # CRuby 3.1 reads a Regexp's ivars into its source String,
                # so they are lost (ruby-bug #19439, fixed in 3.3).
                set_ivar(obj, k, v) unless obj.is_a?(Regexp) && k != :E && k != :encoding
              end
              return partial ? obj : finish(obj)
            when 0x6c
              sign = byte
              n = 0
              (long * 2).times { |i| n |= byte << (8 * i) }
              register(sign == 0x2d ? -n : n)
            when 0x66
              s = raw
              register(case s
                       when "nan" then Float::NAN
                       when "inf" then Float::INFINITY
                       when "-inf" then -Float::INFINITY
                       else s.to_f
                       end)
            when 0x22 then register(raw.force_encoding(Encoding::ASCII_8BIT))
            when 0x2f
              src = raw
              opts = byte
              register(Regexp.new(src.force_encoding(Encoding::UTF_8), opts))
            when 0x5b
              a = register([])
              long.times { a << read }
              a
            when 0x7b, 0x7d
              h = register({})
              long.times do
                k = read
                h[k] = read
              end
              h.default = read if type == 0x7d
              h
            when 0x53
              klass = const(symbol)
              idx = @objs.size
              register(nil)
              vals = {}
              long.times { vals[symbol] = read }
              s = klass.respond_to?(:keyword_init?) && klass.keyword_init? ? klass.new(**vals) : klass.new(*vals.values)
              @objs[idx] = s
              s
            when 0x6f
              name = symbol
              if name == :Range
                idx = @objs.size
                register(nil)
                h = {}
                long.times { h[symbol] = read }
                r = Range.new(h[:begin], h[:end], h[:excl])
                @objs[idx] = r
                r
              else
                klass = const(name)
                o = register(klass.allocate)
                long.times do
                  n = symbol
                  v = read
                  if n == :bt && o.is_a?(Exception)
                    o.set_backtrace(v) if v
                  elsif n.start_with?("@")
                    o.instance_variable_set(n, v)
                  else
                    RubyVM::Prelude.hidden_set(o, n, v)
                  end
                end
                o
              end
            when 0x43
              klass = const(symbol)
              base = read
              o = klass.allocate
              case base
              when String then o.replace(base)
              when Array then o.concat(base)
              when Hash then o.update(base)
              end
              @objs[@objs.index { _1.equal?(base) }] = o
              o
            when 0x55
              name = symbol
              idx = @objs.size
              register(nil)
              data = read
              o = case name
                  when :Rational then Rational(*data)
                  when :Complex then Complex(*data)
                  else
                    klass = const(name)
                    x = klass.allocate
                    x.marshal_load(data)
                    x
                  end
              @objs[idx] = o
              o
            when 0x75
              klass = const(symbol)
              register(klass._load(raw))
            when 0x65
              # `e`: the object that follows was extended with the module.
              mod = const(symbol)
              raise ArgumentError, "#{mod} does not refer to module" unless mod.instance_of?(Module)
              obj = read(true)
              obj.extend(mod)
              return partial ? obj : finish(obj)
            when 0x63 then register(const(raw))
            when 0x6d then register(const(raw))
            else
              raise ArgumentError, "dump format error(0x#{type.to_s(16)})"
            end
      partial ? obj : finish(obj)
    end
  end

  def self.dump(obj, port = nil, limit = -1)
    if port.is_a?(Integer)
      limit = port
      port = nil
    end
    w = Writer.new(limit)
    w.write(obj)
    return w.out unless port
    port.write(w.out)
    port
  end

  def self.load(source, proc = nil, freeze: false)
    source = source.read if source.respond_to?(:read)
    raise TypeError, "instance of IO needed" unless source.is_a?(String)
    Reader.new(source.b, proc, freeze).read_all
  end

  class << self
    alias restore load
  end
end
