# frozen_string_literal: true
#
# Array's copies of the Enumerable methods it does not implement natively.
# GENERATED from prelude/enumerable.rb by tools/gen_array_prelude.py: edit
# Enumerable, then regenerate. Array#each yields exactly one value per
# element, so these take `|v|` where Enumerable must take `|*a|` and pack
# the values (an Array allocation and three sends per element).
class Array
  def partition
    return enum_for(:partition) { size if respond_to?(:size) } unless block_given?
    yes = []
    no = []
    each do |v|
      if yield(v)
        yes << v
      else
        no << v
      end
    end
    [yes, no]
  end

  def find(*args)
    if args.size > 1
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..1)"
    end
    return enum_for(:find, *args) unless block_given?
    each do |v|
      return v if yield(v)
    end
    if_none = args[0]
    return if_none.call unless if_none.nil?
    nil
  end

  def filter_map
    return enum_for(:filter_map) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |v|
      r = yield(v)
      ary << r if r
    end
    ary
  end

  def flat_map
    return enum_for(:flat_map) { size if respond_to?(:size) } unless block_given?
    ary = []
    each do |v|
      r = yield(v)
      list = RubyVM::Prelude.check_array(r)
      if list.nil?
        ary << r
      else
        ary.concat(list)
      end
    end
    ary
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
    each do |v|
      hash[v] = hash.key?(v) ? hash[v] + 1 : 1
    end
    hash
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
    each do |i|
      vi = yield(i)
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
    each do |v|
      ary.shift if ary.size == cons
      ary << v
      yield(ary.dup) if ary.size == cons
    end
    self
  end

  def sort_by
    return enum_for(:sort_by) { size if respond_to?(:size) } unless block_given?
    keys = []
    vals = []
    each do |v|
      keys << yield(v)
      vals << v
    end
    RubyVM::Prelude.sort_by_keys(vals, keys)
  end

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
      each do |v|
        row = [v]
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
    return RubyVM::Prelude.zip_rows(self, arrays) unless block_given?
    result = nil
    index = 0
    each do |v|
      row = [v]
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
end
