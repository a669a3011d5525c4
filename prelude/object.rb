# frozen_string_literal: true
#
# Proc and Method helpers written in Ruby: currying and composition
# (proc.c's proc_curry, make_curry_proc, proc_compose_to_left/right and
# the Method versions), plus the Method object that stands for a method
# reachable only through method_missing (respond_to_missing? true).
module RubyVM::Prelude
  # rb_proc_min_max_arity: the fewest and most arguments (nil: unlimited).
  def self.proc_min_max(pr)
    a = pr.arity
    min = a >= 0 ? a : -a - 1
    params = pr.parameters
    max =
      if params.any? { |kind, _| kind == :rest }
        nil
      else
        params.count { |kind, _| kind == :req || kind == :opt }
      end
    max = min if max && max < min
    [min, max]
  end

  def self.make_curry(pr, passed, arity)
    step = lambda do |args, blk|
      all = passed + args
      if all.length >= arity
        pr.call(*all, &blk)
      else
        make_curry(pr, all, arity)
      end
    end
    if pr.lambda?
      lambda { |*args, &blk| step.call(args, blk) }
    else
      proc { |*args, &blk| step.call(args, blk) }
    end
  end

  def self.check_callable(g)
    return if g.is_a?(Proc) || g.is_a?(Method) || g.respond_to?(:call)
    raise TypeError, "callable object is expected"
  end

  # The body of a Method object for a name handled by method_missing.
  def self.method_missing_proc(name)
    lambda { |*args, **kw, &blk| __send__(:method_missing, name, *args, **kw, &blk) }
  end
end

class Proc
  # carmine does not flag keyword hashes (see Module#ruby2_keywords).
  def ruby2_keywords = self

  def curry(arity = nil)
    min, max = RubyVM::Prelude.proc_min_max(self)
    if arity.nil?
      arity = min
    else
      arity = RubyVM::Prelude.to_long(arity)
      if lambda? && (arity < min || (max && arity > max))
        expected =
          if max.nil? then "#{min}+"
          elsif min == max then min.to_s
          else "#{min}..#{max}"
          end
        raise ArgumentError, "wrong number of arguments (given #{arity}, expected #{expected})"
      end
    end
    RubyVM::Prelude.make_curry(self, [], arity)
  end

  def >>(g)
    RubyVM::Prelude.check_callable(g)
    f = self
    if lambda?
      lambda { |*args, &blk| g.call(f.call(*args, &blk)) }
    else
      proc { |*args, &blk| g.call(f.call(*args, &blk)) }
    end
  end

  def <<(g)
    RubyVM::Prelude.check_callable(g)
    f = self
    if lambda?
      lambda { |*args, &blk| f.call(g.call(*args, &blk)) }
    else
      proc { |*args, &blk| f.call(g.call(*args, &blk)) }
    end
  end
end

class Method
  def curry(*args)
    to_proc.curry(*args)
  end

  def >>(g)
    RubyVM::Prelude.check_callable(g)
    f = self
    lambda { |*args, &blk| g.call(f.call(*args, &blk)) }
  end

  def <<(g)
    RubyVM::Prelude.check_callable(g)
    f = self
    lambda { |*args, &blk| f.call(g.call(*args, &blk)) }
  end
end

class Module
  # Deprecation warnings are off by default in Ruby 3.1 (-W:deprecated).
  def deprecate_constant(*names)
    names.each { |n| const_get(n) }
    self
  end
end

class Array
  # rb_ary_to_h: like Enumerable#to_h, with the element index in errors.
  def to_h(&block)
    hash = {}
    i = 0
    while i < size
      pair = block ? block.call(self[i]) : self[i]
      ary = RubyVM::Prelude.check_array(pair)
      if ary.nil?
        raise TypeError, "wrong element type #{pair.class} at #{i} (expected array)"
      end
      if ary.size != 2
        raise ArgumentError, "wrong array length at #{i} (expected 2, was #{ary.size})"
      end
      hash[ary[0]] = ary[1]
      i += 1
    end
    hash
  end
end

class Hash
  def to_proc
    h = self
    lambda { |key| h[key] }
  end

  # [k1, v1, k2, v2, ...]; level 0 keeps the pairs, a negative level
  # flattens fully (rb_hash_flatten).
  def flatten(level = 1)
    to_a.flatten(level)
  end
end

module Kernel
  # Kernel#pp loads the pp library on first use, as CRuby does.
  def pp(*objs)
    require 'pp'
    objs.each { |obj| PP.pp(obj) }
    objs.size <= 1 ? objs.first : objs
  end
  private :pp
end

module RubyVM::Prelude
  # TracePoint#instruction_sequence: iseq `id` as an object.
  def self.make_iseq(id, file, line)
    iseq = RubyVM::InstructionSequence.allocate
    iseq.__send__(:__init, id, file, nil, line)
    iseq
  end
end

# main's binding (the main script's own locals are not in it).
TOPLEVEL_BINDING = Binding.__toplevel

class Array
  # Array#cycle walks the live array on every pass (Enumerable#cycle
  # replays saved elements), so clearing it inside the block stops it.
  def cycle(n = nil)
    unless block_given?
      return enum_for(:cycle, n) do
        if empty? then 0
        elsif n.nil? then Float::INFINITY
        else
          t = RubyVM::Prelude.to_long(n)
          t <= 0 ? 0 : size * t
        end
      end
    end
    times = n.nil? ? nil : RubyVM::Prelude.to_long(n)
    while !empty? && (times.nil? || (times -= 1) >= 0)
      i = 0
      while i < size
        yield self[i]
        i += 1
      end
    end
    nil
  end
end

class String
  def each_codepoint(&block)
    return enum_for(:each_codepoint) { size } unless block
    each_char { |c| yield c.ord }
    self
  end

  def self.try_convert(obj) = RubyVM::Prelude.try_convert(obj, String, :to_str)
end

class Array
  def self.try_convert(obj) = RubyVM::Prelude.try_convert(obj, Array, :to_ary)
end

class Hash
  def self.try_convert(obj) = RubyVM::Prelude.try_convert(obj, Hash, :to_hash)

  def <=(other)
    other = RubyVM::Prelude.convert(other, Hash, :to_hash)
    return false if size > other.size
    all? { |k, v| other.key?(k) && other[k] == v }
  end

  def <(other)
    other = RubyVM::Prelude.convert(other, Hash, :to_hash)
    size < other.size && self <= other
  end

  def >=(other) = RubyVM::Prelude.convert(other, Hash, :to_hash) <= self
  def >(other) = RubyVM::Prelude.convert(other, Hash, :to_hash) < self

  def assoc(key)
    each { |k, v| return [k, v] if k == key }
    nil
  end

  def rassoc(value)
    each { |k, v| return [k, v] if v == value }
    nil
  end

  def flatten(depth = 1) = to_a.flatten(depth)
end

class Integer
  def self.try_convert(obj) = RubyVM::Prelude.try_convert(obj, Integer, :to_int)
end

class Regexp
  def self.try_convert(obj) = RubyVM::Prelude.try_convert(obj, Regexp, :to_regexp)
end

class Symbol
  def intern = self
end

class NilClass
  def to_r = Rational(0, 1)
  def rationalize(_eps = nil) = Rational(0, 1)
  def ^(other) = other ? true : false
end

class Range
  # CRuby's range_bsearch: the same probes in the same order (specs and
  # programs may watch the block's arguments).
  def bsearch(&block)
    return enum_for(:bsearch) unless block
    b = self.begin
    e = self.end
    if b.is_a?(Integer) && e.is_a?(Integer)
      __bsearch_ints(b, exclude_end? ? e - 1 : e, &block)
    elsif b.is_a?(Float) || e.is_a?(Float)
      lo = __f2i(b.nil? ? -Float::INFINITY : Float(b))
      hi = __f2i(e.nil? ? Float::INFINITY : Float(e))
      hi -= 1 if exclude_end?
      __bsearch_ints(lo, hi) { |i| yield __i2f(i) }&.then { |i| __i2f(i) }
    elsif b.is_a?(Integer) && e.nil?
      diff = 1
      while true
        mid = b + diff
        r = __bsearch_check(yield(mid))
        return mid if r == :found
        return __bsearch_ints(b, mid, &block) if r
        diff *= 2
      end
    elsif b.nil? && e.is_a?(Integer)
      diff = -1
      while true
        mid = e + diff
        r = __bsearch_check(yield(mid))
        return mid if r == :found
        return __bsearch_ints(mid, e, &block) unless r
        diff *= 2
      end
    else
      raise TypeError, "can't do binary search for #{b.class}"
    end
  end

  private

  # The block's answer: :found (0), :satisfied (true), :smaller (the target
  # is below: negative), or false (above: positive, false, nil).
  def __bsearch_check(v)
    case v
    when 0 then :found
    when Integer then v < 0 && :smaller
    when true then :satisfied
    when false, nil then false
    when Numeric
      c = (v <=> 0)
      c == 0 ? :found : c < 0 && :smaller
    else raise TypeError, "wrong argument type #{v.class} (must be numeric, true, false or nil)"
    end
  end

  def __bsearch_ints(low, high)
    satisfied = nil
    org_high = high
    while low < high
      mid = (high < 0) == (low < 0) ? low + (high - low) / 2 : (low < -high ? -((-1 - low - high) / 2 + 1) : (low + high) / 2)
      r = __bsearch_check(yield(mid))
      return mid if r == :found
      if r
        satisfied = mid if r == :satisfied
        high = mid
      else
        low = mid + 1
      end
    end
    if low == org_high
      r = __bsearch_check(yield(low))
      return low if r == :found
      return nil unless r
      satisfied = low if r == :satisfied
    end
    satisfied
  end

  # A Float's order-preserving 64-bit integer (CRuby's double_as_int64).
  def __f2i(d)
    i = [d.abs].pack("D").unpack1("q")
    d < 0 ? -i : i
  end

  def __i2f(i) = i < 0 ? -[-i].pack("q").unpack1("D") : [i].pack("q").unpack1("D")
end

class MatchData
  def match(n)
    raise IndexError, "index #{n} out of matches" unless n.is_a?(Integer) ? n.between?(0, size - 1) : names.include?(n.to_s)
    self[n]
  end

  def match_length(n) = match(n)&.length
end

class Method
  def public? = owner.public_method_defined?(name) || receiver.singleton_class.public_method_defined?(name)
  def private? = owner.private_method_defined?(name)
  def protected? = owner.protected_method_defined?(name)
end

class Module
  def public_instance_method(name)
    unless public_method_defined?(name)
      if method_defined?(name) || private_method_defined?(name)
        vis = private_method_defined?(name) ? "private" : "protected"
        raise NameError.new("method `#{name}' for #{self.class == Module ? 'module' : 'class'} `#{self}' is #{vis}", name)
      end
    end
    instance_method(name)
  end
end

module Kernel
  private

  # __ENCODING__: carmine's source files are UTF-8.
  def __encoding__(name = "UTF-8") = Encoding.find(name)
end

# A compiled piece of source: enough of CRuby's API to compile, run and
# disassemble (carmine's own instructions, not YARV's).
class RubyVM::InstructionSequence
  # Compile options are accepted and reported; carmine's compiler has no
  # switches for them (its specialised instructions check for redefinition).
  @compile_option = {
    inline_const_cache: true, peephole_optimization: true, tailcall_optimization: false,
    specialized_instruction: true, operands_unification: true, instructions_unification: false,
    stack_caching: false, frozen_string_literal: false, debug_frozen_string_literal: false,
    coverage_enabled: true, debug_level: 0
  }

  def self.compile_option = @compile_option.dup

  def self.compile_option=(opts)
    case opts
    when Hash then @compile_option.merge!(opts.transform_keys(&:to_sym))
    when true, false
      @compile_option.each_key { |k| @compile_option[k] = opts if k != :debug_level }
    when nil then nil
    else raise TypeError, "Compile option must be Hash/true/false/nil"
    end
  end

  def self.compile(src, file = "<compiled>", path = nil, line = 1, _options = nil, **)
    src = src.to_str
    file = file.nil? ? "<compiled>" : file.to_str
    iseq = allocate
    iseq.__send__(:__init, __compile(src, file, Integer(line)), file, path, Integer(line))
    iseq
  end

  def self.new(*args, **kw) = compile(*args, **kw)

  def self.compile_file(path, _options = nil, **) = compile(File.read(path), path, File.expand_path(path), 1)

  def self.disasm(body)
    case body
    when RubyVM::InstructionSequence then body.disasm
    end
  end

  def eval = RubyVM::InstructionSequence.__run(@id)
  def disasm = RubyVM::InstructionSequence.__disasm(@id)
  alias disassemble disasm
  def path = @path
  def absolute_path = @absolute_path
  def label = "<compiled>"
  def base_label = "<compiled>"
  def first_lineno = @first_lineno
  def inspect = "<RubyVM::InstructionSequence:#{label}@#{@path}:#{@first_lineno}>"
  alias to_s inspect

  private

  def __init(id, file, path, line)
    @id = id
    @path = file
    @absolute_path = path
    @first_lineno = line
  end
end
