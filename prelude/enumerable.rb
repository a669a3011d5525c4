# frozen_string_literal: true
#
# Enumerable: collection methods built on the including class's #each.
#
# Behaviour follows CRuby 3.1's enum.c, including how values are handed on
# when #each yields several values at once (`yield a, b`):
#
# * most methods pack them into one array, the way rb_enum_values_pack does:
#   no value -> nil, one value -> itself, several -> [a, b]. In this file that
#   is written `v = a.size > 1 ? a : a[0]` inside `each { |*a| }`. Where
#   CRuby then yields the packed value (enum_yield), an each that yielded
#   nothing yields nothing: `a.empty? ? yield : yield(v)`.
# * map, flat_map, filter_map, take_while, count/find_index/all?/any?/
#   none?/one?/uniq/to_h with a block pass the values on unchanged
#   (`yield(*args)`), so `map { |x| }` sees only the first of them, exactly
#   like CRuby.
#
# Methods that return an Enumerator when called without a block do so with
# Kernel#enum_for (see enumerator.rb); where CRuby knows the size of that
# enumerator, a size block is given too.
module Enumerable
  # ---- conversion --------------------------------------------------------

  def to_a(*args, **kw)
    ary = []
    each(*args, **kw) { |*a| ary << (a.size > 1 ? a : a[0]) }
    ary
  end

  def entries(*args, **kw)
    ary = []
    each(*args, **kw) { |*a| ary << (a.size > 1 ? a : a[0]) }
    ary
  end

  def to_h(*args, &block)
    hash = {}
    each(*args) do |*a|
      pair = block ? block.call(*a) : (a.size > 1 ? a : a[0])
      ary = RubyVM::Prelude.check_array(pair)
      if ary.nil?
        raise TypeError, "wrong element type #{pair.class} (expected array)"
      end
      if ary.size != 2
        raise ArgumentError, "element has wrong array length (expected 2, was #{ary.size})"
      end
      hash[ary[0]] = ary[1]
    end
    hash
  end

  # ---- mapping -----------------------------------------------------------

  def map
    return enum_for(:map) { size if respond_to?(:size) } unless block_given?
    ary = []
    each { |*a| ary << yield(*a) }
    ary
  end

  def collect(&block)
    return enum_for(:collect) { size if respond_to?(:size) } unless block
    map(&block)
  end

  def flat_map
    return enum_for(:flat_map) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |*a|
      r = yield(*a)
      list = RubyVM::Prelude.check_array(r)
      if list.nil?
        ary << r
      else
        ary.concat(list)
      end
    end
    ary
  end

  def collect_concat(&block)
    return enum_for(:collect_concat) { size if respond_to?(:size) } unless block
    flat_map(&block)
  end

  def filter_map
    return enum_for(:filter_map) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |*a|
      r = yield(*a)
      ary << r if r
    end
    ary
  end

  # ---- selecting ---------------------------------------------------------

  def select
    return enum_for(:select) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |*a|
      v = a.size > 1 ? a : a[0]
      ary << v if (a.empty? ? yield : yield(v))
    end
    ary
  end

  def filter(&block)
    return enum_for(:filter) { size if respond_to?(:size) } unless block
    select(&block)
  end

  def find_all(&block)
    return enum_for(:find_all) { size if respond_to?(:size) } unless block
    select(&block)
  end

  def reject
    return enum_for(:reject) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |*a|
      v = a.size > 1 ? a : a[0]
      ary << v unless (a.empty? ? yield : yield(v))
    end
    ary
  end

  def partition
    return enum_for(:partition) { size if respond_to?(:size) } unless block_given?
    yes = []
    no = []
    each do |*a|
      v = a.size > 1 ? a : a[0]
      if a.empty? ? yield : yield(v)
        yes << v
      else
        no << v
      end
    end
    [yes, no]
  end

  def group_by
    return enum_for(:group_by) { size if respond_to?(:size) } unless block_given?
    hash = {}
    each do |*a|
      v = a.size > 1 ? a : a[0]
      key = a.empty? ? yield : yield(v)
      if hash.key?(key)
        hash[key] << v
      else
        hash[key] = [v]
      end
    end
    hash
  end

  def grep(pattern)
    return RubyVM::Prelude.grep_regexp(self, pattern, true) if !block_given? && Regexp === pattern
    ary = []
    blk = block_given?
    each do |*a|
      v = a.size > 1 ? a : a[0]
      next unless pattern === v
      ary << (blk ? (a.empty? ? yield : yield(v)) : v)
    end
    ary
  end

  def grep_v(pattern)
    return RubyVM::Prelude.grep_regexp(self, pattern, false) if !block_given? && Regexp === pattern
    ary = []
    blk = block_given?
    each do |*a|
      v = a.size > 1 ? a : a[0]
      next if pattern === v
      ary << (blk ? (a.empty? ? yield : yield(v)) : v)
    end
    ary
  end

  def compact
    ary = []
    each do |*a|
      v = a.size > 1 ? a : a[0]
      ary << v unless v.nil?
    end
    ary
  end

  def uniq
    seen = {}
    blk = block_given?
    each do |*a|
      v = a.size > 1 ? a : a[0]
      key = blk ? yield(*a) : v
      seen[key] = v unless seen.key?(key)
    end
    seen.values
  end

  def tally(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    if args.empty?
      hash = {}
    else
      hash = args[0]
      unless hash.is_a?(Hash)
        conv = hash.respond_to?(:to_hash, true) ? hash.__send__(:to_hash) : nil
        unless conv.is_a?(Hash)
          raise TypeError,
                "no implicit conversion of #{RubyVM::Prelude.implicit_name(hash)} into Hash"
        end
        hash = conv
      end
      raise FrozenError.new("can't modify frozen Hash: #{hash.inspect}", receiver: hash) if hash.frozen?
    end
    each do |*a|
      v = a.size > 1 ? a : a[0]
      hash[v] = hash.key?(v) ? hash[v] + 1 : 1
    end
    hash
  end

  # ---- searching ---------------------------------------------------------

  def find(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:find, *args) unless block_given?
    each do |*a|
      v = a.size > 1 ? a : a[0]
      return v if (a.empty? ? yield : yield(v))
    end
    if_none = args[0]
    return if_none.call unless if_none.nil?
    nil
  end

  def detect(*args, &block)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:detect, *args) unless block
    find(*args, &block)
  end

  def find_index(*args)
    if args.empty?
      return enum_for(:find_index) unless block_given?
      index = 0
      each do |*a|
        return index if yield(*a)
        index += 1
      end
    else
      if args.size > 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
      end
      warn("given block not used", uplevel: 1) if block_given?
      value = args[0]
      index = 0
      each do |*a|
        v = a.size > 1 ? a : a[0]
        return index if v.equal?(value) || v == value
        index += 1
      end
    end
    nil
  end

  def include?(value)
    each do |*a|
      v = a.size > 1 ? a : a[0]
      return true if v.equal?(value) || v == value
    end
    false
  end

  def member?(value)
    include?(value)
  end

  def count(*args)
    n = 0
    if args.empty?
      if block_given?
        each { |*a| n += 1 if yield(*a) }
      else
        each { |*_a| n += 1 }
      end
    else
      if args.size > 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
      end
      warn("given block not used", uplevel: 1) if block_given?
      value = args[0]
      each do |*a|
        v = a.size > 1 ? a : a[0]
        n += 1 if v.equal?(value) || v == value
      end
    end
    n
  end

  # ---- predicates --------------------------------------------------------

  def all?(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    warn("given block not used", uplevel: 1) if !args.empty? && block_given?
    blk = block_given?
    each do |*a|
      ok =
        if !args.empty?
          args[0] === (a.size > 1 ? a : a[0])
        elsif blk
          yield(*a)
        else
          a.size > 1 ? a : a[0]
        end
      return false unless ok
    end
    true
  end

  def any?(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    warn("given block not used", uplevel: 1) if !args.empty? && block_given?
    blk = block_given?
    each do |*a|
      ok =
        if !args.empty?
          args[0] === (a.size > 1 ? a : a[0])
        elsif blk
          yield(*a)
        else
          a.size > 1 ? a : a[0]
        end
      return true if ok
    end
    false
  end

  def none?(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    warn("given block not used", uplevel: 1) if !args.empty? && block_given?
    blk = block_given?
    each do |*a|
      ok =
        if !args.empty?
          args[0] === (a.size > 1 ? a : a[0])
        elsif blk
          yield(*a)
        else
          a.size > 1 ? a : a[0]
        end
      return false if ok
    end
    true
  end

  def one?(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    warn("given block not used", uplevel: 1) if !args.empty? && block_given?
    blk = block_given?
    found = false
    each do |*a|
      ok =
        if !args.empty?
          args[0] === (a.size > 1 ? a : a[0])
        elsif blk
          yield(*a)
        else
          a.size > 1 ? a : a[0]
        end
      next unless ok
      return false if found
      found = true
    end
    found
  end

  # ---- folding -----------------------------------------------------------

  # inject(sym), inject(init, sym), inject { }, inject(init) { }.
  # As in CRuby 3.1, a block given together with a symbol is ignored.
  def inject(*args)
    if args.size > 2
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..2)"
    end
    have_acc = false
    acc = nil
    op = nil
    if args.size == 2
      acc = args[0]
      have_acc = true
      op = args[1]
    elsif args.size == 1
      if block_given?
        acc = args[0]
        have_acc = true
      else
        op = args[0]
      end
    end
    use_op = args.size == 2 || (args.size == 1 && !block_given?)
    if use_op
      op = op.to_sym if op.is_a?(String)
      raise TypeError, "#{op.inspect} is not a symbol nor a string" unless op.is_a?(Symbol)
    end
    blk = block_given?
    each do |*a|
      v = a.size > 1 ? a : a[0]
      if !have_acc
        acc = v
        have_acc = true
      elsif use_op
        acc = acc.public_send(op, v)
      else
        raise LocalJumpError, "no block given" unless blk
        acc = yield(acc, v)
      end
    end
    acc
  end

  def reduce(*args, &block)
    inject(*args, &block)
  end

  # sum uses Kahan-Babuska compensated summation once a Float is involved,
  # exactly like CRuby, so that e.g. [0.1, 0.2, 0.3].sum == 0.6. The state
  # machine mirrors enum.c's sum_iter, quirks included (after a non-numeric
  # value has been added in float mode, later floats no longer count).
  def sum(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    init = args.empty? ? 0 : args[0]

    # Gauss's formula for integer ranges, as CRuby does.
    if is_a?(Range) && !block_given? && !init.is_a?(Float) &&
       self.begin.is_a?(Integer) && self.end.is_a?(Integer)
      last = exclude_end? ? self.end - 1 : self.end
      return init if last < self.begin
      return init + (last - self.begin + 1) * (last + self.begin) / 2
    end

    v = init
    float_mode = init.is_a?(Float)
    f = float_mode ? init : 0.0
    c = 0.0
    kahan = lambda do |i|
      x =
        case i
        when Float then i
        when Integer, Rational then i.to_f
        end
      if x.nil?
        v = f
        float_mode = false
        v += i
      elsif f.nan?
        # stays NaN
      elsif !x.finite?
        f = x.infinite? && f.infinite? && (x > 0) != (f > 0) ? Float::NAN : x
      elsif !f.infinite?
        t = f + x
        if f.abs >= x.abs
          c += ((f - t) + x)
        else
          c += ((x - t) + f)
        end
        f = t
      end
    end
    blk = block_given?
    each do |*a|
      i = a.size > 1 ? a : a[0]
      i = yield(i) if blk
      if float_mode || v.is_a?(Float)
        kahan.call(i)
      elsif (v.is_a?(Integer) || v.is_a?(Rational)) && i.is_a?(Float)
        f = v.to_f
        c = 0.0
        float_mode = true
        kahan.call(i)
      else
        v += i
      end
    end
    float_mode ? f + c : v
  end

  # ---- ordering ----------------------------------------------------------

  def sort(&block)
    to_a.sort(&block)
  end

  def sort_by
    return enum_for(:sort_by) { size if respond_to?(:size) } unless block_given?
    keys = []
    vals = []
    each do |*a|
      v = a.size > 1 ? a : a[0]
      keys << (a.empty? ? yield : yield(v))
      vals << v
    end
    RubyVM::Prelude.sort_by_keys(vals, keys)
  end

  def min(*args, &block)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return RubyVM::Prelude.nmin(self, args[0], false, false, &block) if !args.empty? && !args[0].nil?
    found = false
    result = nil
    each do |*a|
      v = a.size > 1 ? a : a[0]
      if !found
        result = v
        found = true
      elsif block
        result = v if RubyVM::Prelude.cmpint(block.call(v, result), v, result) < 0
      elsif RubyVM::Prelude.compare(v, result) < 0
        result = v
      end
    end
    result
  end

  def max(*args, &block)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return RubyVM::Prelude.nmin(self, args[0], false, true, &block) if !args.empty? && !args[0].nil?
    found = false
    result = nil
    each do |*a|
      v = a.size > 1 ? a : a[0]
      if !found
        result = v
        found = true
      elsif block
        result = v if RubyVM::Prelude.cmpint(block.call(v, result), v, result) > 0
      elsif RubyVM::Prelude.compare(v, result) > 0
        result = v
      end
    end
    result
  end

  def min_by(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:min_by, *args) { size if respond_to?(:size) } unless block_given?
    return RubyVM::Prelude.nmin(self, args[0], true, false) { |*v| yield(*v) } if !args.empty? && !args[0].nil?
    found = false
    best_key = nil
    best = nil
    each do |*a|
      v = a.size > 1 ? a : a[0]
      key = a.empty? ? yield : yield(v)
      if !found || RubyVM::Prelude.compare(key, best_key) < 0
        best_key = key
        best = v
        found = true
      end
    end
    best
  end

  def max_by(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:max_by, *args) { size if respond_to?(:size) } unless block_given?
    return RubyVM::Prelude.nmin(self, args[0], true, true) { |*v| yield(*v) } if !args.empty? && !args[0].nil?
    found = false
    best_key = nil
    best = nil
    each do |*a|
      v = a.size > 1 ? a : a[0]
      key = a.empty? ? yield : yield(v)
      if !found || RubyVM::Prelude.compare(key, best_key) > 0
        best_key = key
        best = v
        found = true
      end
    end
    best
  end

  # minmax compares elements in pairs first (3 comparisons per 2 elements),
  # the way CRuby does, so blocks see the same calls.
  def minmax(&block)
    cmp =
      if block
        ->(x, y) { RubyVM::Prelude.cmpint(block.call(x, y), x, y) }
      else
        ->(x, y) { RubyVM::Prelude.compare(x, y) }
      end
    have_min = false
    min = max = nil
    have_last = false
    last = nil
    update = lambda do |i, j|
      if !have_min
        min = i
        max = j
        have_min = true
      else
        min = i if cmp.call(i, min) < 0
        max = j if cmp.call(j, max) > 0
      end
    end
    each do |*a|
      v = a.size > 1 ? a : a[0]
      if !have_last
        last = v
        have_last = true
        next
      end
      have_last = false
      j = last
      i = v
      n = cmp.call(j, i)
      if n == 0
        i = j
      elsif n < 0
        i, j = j, i
      end
      update.call(i, j)
    end
    update.call(last, last) if have_last
    [min, max]
  end

  def minmax_by
    return enum_for(:minmax_by) { size if respond_to?(:size) } unless block_given?
    have_min = false
    min_key = max_key = min = max = nil
    have_last = false
    last_key = last = nil
    update = lambda do |k1, k2, e1, e2|
      if !have_min
        min_key = k1
        max_key = k2
        min = e1
        max = e2
        have_min = true
      else
        if RubyVM::Prelude.compare(k1, min_key) < 0
          min_key = k1
          min = e1
        end
        if RubyVM::Prelude.compare(k2, max_key) > 0
          max_key = k2
          max = e2
        end
      end
    end
    each do |*a|
      i = a.size > 1 ? a : a[0]
      vi = a.empty? ? yield : yield(i)
      if !have_last
        last_key = vi
        last = i
        have_last = true
        next
      end
      have_last = false
      vj = last_key
      j = last
      n = RubyVM::Prelude.compare(vj, vi)
      if n == 0
        i = j
        vi = vj
      elsif n < 0
        i, j = j, i
        vi, vj = vj, vi
      end
      update.call(vi, vj, i, j)
    end
    update.call(last_key, last_key, last, last) if have_last
    [min, max]
  end

  # ---- iteration ---------------------------------------------------------

  # Like CRuby, passes positional arguments (not keywords) on to #each.
  def each_entry(*args)
    return enum_for(:each_entry, *args) { size if respond_to?(:size) } unless block_given?
    each(*args) { |*a| a.empty? ? yield : yield(a.size > 1 ? a : a[0]) }
    self
  end

  # Like CRuby, passes positional arguments (not keywords) on to #each.
  def each_with_index(*args)
    return enum_for(:each_with_index, *args) { size if respond_to?(:size) } unless block_given?
    index = 0
    each(*args) do |*a|
      r = yield(a.size > 1 ? a : a[0], index)
      index += 1
      r
    end
    self
  end

  def each_with_object(memo)
    return enum_for(:each_with_object, memo) { size if respond_to?(:size) } unless block_given?
    each { |*a| yield(a.size > 1 ? a : a[0], memo) }
    memo
  end

  def reverse_each(*args, **kw)
    return enum_for(:reverse_each, *args, **kw) { size if respond_to?(:size) } unless block_given?
    ary = to_a(*args, **kw)
    i = ary.size
    while i > 0
      i -= 1
      yield(ary[i])
      i = ary.size if ary.size < i
    end
    self
  end

  def each_slice(n)
    slice = RubyVM::Prelude.to_long(n)
    raise ArgumentError, "invalid slice size" if slice <= 0
    unless block_given?
      return enum_for(:each_slice, n) do
        total = respond_to?(:size) ? size : nil
        if total.nil? || (total.is_a?(Float) && total.infinite?)
          total
        else
          (total + slice - 1).div(slice)
        end
      end
    end
    ary = []
    each do |*a|
      ary << (a.size > 1 ? a : a[0])
      if ary.size == slice
        full = ary
        ary = []
        yield(full)
      end
    end
    yield(ary) unless ary.empty?
    self
  end

  def each_cons(n)
    cons = RubyVM::Prelude.to_long(n)
    raise ArgumentError, "invalid size" if cons <= 0
    unless block_given?
      return enum_for(:each_cons, n) do
        total = respond_to?(:size) ? size : nil
        if total.nil?
          nil
        else
          rest = total + 1 - cons
          rest < 0 ? 0 : rest
        end
      end
    end
    if respond_to?(:size)
      total = size
      return self if total.is_a?(Integer) && cons > total
    end
    ary = []
    each do |*a|
      ary.shift if ary.size == cons
      ary << (a.size > 1 ? a : a[0])
      yield(ary.dup) if ary.size == cons
    end
    self
  end

  def cycle(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    unless block_given?
      return enum_for(:cycle, *args) do
        total = respond_to?(:size) ? size : nil
        if total.nil? || total == 0
          total
        elsif args.empty? || args[0].nil?
          Float::INFINITY
        else
          times = RubyVM::Prelude.to_long(args[0])
          times <= 0 ? 0 : total * times
        end
      end
    end
    times = args.empty? || args[0].nil? ? nil : RubyVM::Prelude.to_long(args[0])
    return nil if !times.nil? && times <= 0
    saved = []
    each do |*a|
      saved << a
      a.empty? ? yield : yield(a.size > 1 ? a : a[0])
    end
    return nil if saved.empty?
    pass = 1
    while times.nil? || pass < times
      saved.each do |a|
        if a.size > 1
          yield(a)
        elsif a.size == 1
          yield(a[0])
        else
          yield
        end
      end
      pass += 1
    end
    nil
  end

  # ---- taking and dropping ----------------------------------------------

  def first(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return take(args[0]) unless args.empty?
    each { |*a| return a.size > 1 ? a : a[0] }
    nil
  end

  def take(n)
    len = RubyVM::Prelude.to_long(n)
    raise ArgumentError, "attempt to take negative size" if len < 0
    ary = []
    return ary if len == 0
    each do |*a|
      ary << (a.size > 1 ? a : a[0])
      return ary if ary.size == len
    end
    ary
  end

  def take_while
    return enum_for(:take_while) unless block_given?
    ary = []
    each do |*a|
      return ary unless yield(*a)
      ary << (a.size > 1 ? a : a[0])
    end
    ary
  end

  def drop(n)
    len = RubyVM::Prelude.to_long(n)
    raise ArgumentError, "attempt to drop negative size" if len < 0
    ary = []
    each do |*a|
      if len == 0
        ary << (a.size > 1 ? a : a[0])
      else
        len -= 1
      end
    end
    ary
  end

  def drop_while
    return enum_for(:drop_while) unless block_given?
    ary = []
    dropping = true
    each do |*a|
      v = a.size > 1 ? a : a[0]
      dropping = false if dropping && !(a.empty? ? yield : yield(v))
      ary << v unless dropping
    end
    ary
  end

  # ---- combining ---------------------------------------------------------

  def zip(*others)
    arrays = others.map { |o| RubyVM::Prelude.check_array(o) }
    if arrays.include?(nil)
      # Not all arrays: walk every argument with an external enumerator.
      sources = others.map do |o|
        unless o.respond_to?(:each)
          raise TypeError, "wrong argument type #{o.class} (must respond to :each)"
        end
        o.to_enum(:each)
      end
      result = block_given? ? nil : []
      each do |*a|
        row = [a.size > 1 ? a : a[0]]
        sources.each_with_index do |src, k|
          if src.nil?
            row << nil
          else
            begin
              row << src.next
            rescue StopIteration
              sources[k] = nil
              row << nil
            end
          end
        end
        if result
          result << row
        else
          yield(row)
        end
      end
      return result
    end
    result = block_given? ? nil : []
    index = 0
    each do |*a|
      row = [a.size > 1 ? a : a[0]]
      k = 0
      while k < arrays.size
        row << arrays[k][index]
        k += 1
      end
      index += 1
      if result
        result << row
      else
        yield(row)
      end
    end
    result
  end

  # ---- chunking (these return lazily evaluated enumerators) --------------

  def chunk(&block)
    return enum_for(:chunk) { size if respond_to?(:size) } unless block
    source = self
    Enumerator.new do |y|
      prev_key = nil
      prev = nil
      source.each do |*a|
        v = a.size > 1 ? a : a[0]
        key = block.call(v)
        if key.equal?(:_alone)
          y << [prev_key, prev] unless prev_key.nil?
          prev_key = prev = nil
          y << [key, [v]]
        elsif key.nil? || key.equal?(:_separator)
          y << [prev_key, prev] unless prev_key.nil?
          prev_key = prev = nil
        elsif key.is_a?(Symbol) && key.to_s.start_with?("_")
          raise RuntimeError, "symbols beginning with an underscore are reserved"
        elsif prev_key.nil?
          prev_key = key
          prev = [v]
        elsif prev_key == key
          prev << v
        else
          y << [prev_key, prev]
          prev_key = key
          prev = [v]
        end
      end
      y << [prev_key, prev] unless prev.nil?
    end
  end

  def slice_before(*args, &block)
    if block
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0)" unless args.empty?
    elsif args.size != 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
    end
    source = self
    pattern = args[0]
    Enumerator.new do |y|
      acc = nil
      source.each do |*a|
        v = a.size > 1 ? a : a[0]
        starts = block ? block.call(v) : pattern === v
        if starts
          y << acc unless acc.nil?
          acc = [v]
        elsif acc.nil?
          acc = [v]
        else
          acc << v
        end
      end
      y << acc unless acc.nil?
    end
  end

  def slice_after(*args, &block)
    if block
      raise ArgumentError, "both pattern and block are given" unless args.empty?
    elsif args.size != 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
    end
    source = self
    pattern = args[0]
    Enumerator.new do |y|
      acc = nil
      source.each do |*a|
        v = a.size > 1 ? a : a[0]
        if acc.nil?
          acc = [v]
        else
          acc << v
        end
        ends = block ? block.call(v) : pattern === v
        if ends
          y << acc
          acc = nil
        end
      end
      y << acc unless acc.nil?
    end
  end

  def slice_when(&block)
    RubyVM::Prelude.chunk_by_pairs(self, block, false)
  end

  def chunk_while(&block)
    RubyVM::Prelude.chunk_by_pairs(self, block, true)
  end
end

# Helpers for the methods above, kept out of Enumerable's own namespace.
module RubyVM::Prelude
  # Shared body of slice_when (split where the block is true) and
  # chunk_while (split where it is false).
  def self.chunk_by_pairs(source, pred, inverted)
    raise ArgumentError, "tried to create Proc object without a block" unless pred
    Enumerator.new do |y|
      started = false
      prev = nil
      acc = nil
      source.each do |*a|
        v = a.size > 1 ? a : a[0]
        if !started
          started = true
          acc = [v]
        else
          split = pred.call(prev, v) ? true : false
          split = !split if inverted
          if split
            y << acc
            acc = [v]
          else
            acc << v
          end
        end
        prev = v
      end
      y << acc unless acc.nil?
    end
  end

  # min(n), max(n), min_by(n), max_by(n): the n smallest (or largest)
  # elements, sorted. With `by` the block maps elements to sort keys;
  # otherwise a block, if given, is the comparison. This is enum.c's
  # rb_nmin_run: a buffer of up to 4n candidates is cut back to n by a
  # quickselect whenever it fills, so ties come out as in CRuby.
  def self.nmin(source, num, by, reverse, &block)
    n = to_long(num)
    raise ArgumentError, "negative size (#{n})" if n < 0
    return [] if n == 0
    cmp =
      if by
        ->(x, y) { compare(x[0], y[0]) }
      elsif block
        ->(x, y) { cmpint(block.call(x, y), x, y) }
      else
        ->(x, y) { compare(x, y) }
      end
    bufmax = n * 4
    buf = []
    limit = nil
    have_limit = false
    source.each do |*a|
      v = a.size > 1 ? a : a[0]
      item = by ? [(a.empty? ? block.call : block.call(v)), v] : v
      if have_limit
        c = cmp.call(item, limit)
        c = -c if reverse
        next if c >= 0
      end
      buf << item
      if buf.size == bufmax
        limit = nmin_filter(buf, n, cmp, reverse)
        have_limit = true
      end
    end
    nmin_filter(buf, n, cmp, reverse)
    buf = buf.sort { |x, y| cmp.call(x, y) }
    buf = buf.reverse if reverse
    by ? buf.map { |pair| pair[1] } : buf
  end

  # Partitions buf around pivots until its first n entries are the n
  # smallest, truncates it to n and returns the last pivot.
  def self.nmin_filter(buf, n, cmp, reverse)
    return nil if buf.size <= n
    left = 0
    right = buf.size - 1
    store_index = 0
    loop do
      pivot_index = left + (right - left) / 2
      num_pivots = 1
      buf[pivot_index], buf[right] = buf[right], buf[pivot_index]
      pivot_index = right
      store_index = left
      i = left
      while i <= right - num_pivots
        c = cmp.call(buf[i], buf[pivot_index])
        c = -c if reverse
        if c == 0
          buf[i], buf[right - num_pivots] = buf[right - num_pivots], buf[i]
          num_pivots += 1
          next
        end
        if c < 0
          buf[i], buf[store_index] = buf[store_index], buf[i]
          store_index += 1
        end
        i += 1
      end
      j = store_index
      i = right
      while right - num_pivots < i && j < i
        buf[j], buf[i] = buf[i], buf[j]
        j += 1
        i -= 1
      end
      break if store_index <= n && n <= store_index + num_pivots
      if n < store_index
        right = store_index - 1
      else
        left = store_index + num_pivots
      end
    end
    limit = buf[store_index]
    buf.pop while buf.size > n
    limit
  end
end

module RubyVM::Prelude
  # grep / grep_v with a Regexp and no block (CRuby's grep_regexp_i): the
  # caller's $~ is left alone, and elements that are neither Symbols nor
  # convertible to Strings simply do not match.
  def self.grep_regexp(enum, pattern, want)
    ary = []
    enum.each do |*a|
      v = a.size > 1 ? a : a[0]
      s = v.is_a?(Symbol) ? v : String.try_convert(v)
      ary << v if (!s.nil? && pattern.match?(s)) == want
    end
    ary
  end
end
