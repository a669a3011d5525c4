# frozen_string_literal: true
#
# Struct: Struct.new(:a, :b, keyword_init: true) { ... } builds a new class
# with accessors for the given members. Behaviour and messages follow CRuby
# 3.1's struct.c.
#
# Representation: a struct class keeps its member list in the class
# instance variable @__members__ (and keyword_init in @__keyword_init__);
# an instance keeps its values, in member order, in the array @__values__.
# Accessors are native method kinds (struct_ref / struct_set) that the
# inline cache answers without a frame, as it does attr_reader's; each
# struct class creation is a dynamic method definition, as the dispatch
# layer expects. As in CRuby, every struct class gets its own native
# singleton methods (new, [], members, inspect, keyword_init?), and
# Struct#initialize is native (builtins/structs.rs): a Ruby body there
# would miss its inline caches on every new struct class.
class Struct
  include Enumerable
  RubyVM::Prelude.install_struct(self)

  # Make a new struct class (a subclass of the receiver). The classes it
  # makes answer `new` with their own singleton method, which makes an
  # instance.
  def self.new(*args, **kw, &block)
    kw.each_key do |key|
      raise ArgumentError, "unknown keyword: #{key.inspect}" unless key == :keyword_init
    end
    # keyword_init? answers true, false or nil (not given).
    keyword_init = kw[:keyword_init]
    keyword_init = true if keyword_init

    class_name = nil
    if !args.empty? && !args[0].is_a?(Symbol)
      # A nil name makes an anonymous class too.
      class_name = args.shift
      unless class_name.nil? || class_name.is_a?(String)
        conv = class_name.respond_to?(:to_str, true) ? class_name.__send__(:to_str) : nil
        unless conv.is_a?(String)
          raise TypeError,
                "no implicit conversion of #{RubyVM::Prelude.implicit_name(class_name)} into String"
        end
        class_name = conv
      end
    elsif args.empty?
      raise ArgumentError, "wrong number of arguments (given 0, expected 1+)"
    end

    members = []
    args.each do |m|
      name =
        case m
        when Symbol then m
        when String then m.to_sym
        else raise TypeError, "#{m.inspect} is not a symbol"
        end
      raise ArgumentError, "duplicate member: #{name}" if members.include?(name)
      members << name
    end

    klass = Class.new(self)
    klass.instance_variable_set(:@__members__, members.freeze)
    klass.instance_variable_set(:@__keyword_init__, keyword_init)
    RubyVM::Prelude.define_struct_accessors(klass, members)

    unless class_name.nil?
      first = class_name[0]
      unless first && first >= "A" && first <= "Z"
        raise NameError, "identifier #{class_name} needs to be constant"
      end
      # The constant goes in the receiver (Struct, or a subclass of it).
      if const_defined?(class_name, false)
        warn("redefining constant #{self}::#{class_name}", uplevel: 1)
        __send__(:remove_const, class_name)
      end
      const_set(class_name, klass)
    end

    klass.class_eval(&block) if block
    klass
  end

  def initialize_copy(orig)
    super
    @__values__ = orig.instance_variable_get(:@__values__).dup
    self
  end

  def members
    RubyVM::Prelude.struct_members(self.class).dup
  end

  def to_a
    @__values__.dup
  end

  def values
    @__values__.dup
  end

  def deconstruct
    @__values__.dup
  end

  def size
    @__values__.size
  end

  def length
    @__values__.size
  end

  def [](key)
    @__values__[RubyVM::Prelude.struct_index(self, key)]
  end

  def []=(key, value)
    index = RubyVM::Prelude.struct_index(self, key)
    RubyVM::Prelude.check_struct_frozen(self)
    @__values__[index] = value
  end

  def each
    return enum_for(:each) { size } unless block_given?
    i = 0
    while i < @__values__.size
      yield @__values__[i]
      i += 1
    end
    self
  end

  def each_pair
    return enum_for(:each_pair) { size } unless block_given?
    members = RubyVM::Prelude.struct_members(self.class)
    i = 0
    while i < members.size
      yield [members[i], @__values__[i]]
      i += 1
    end
    self
  end

  def to_h
    members = RubyVM::Prelude.struct_members(self.class)
    hash = {}
    members.each_with_index do |name, i|
      if block_given?
        pair = yield(name, @__values__[i])
        ary = RubyVM::Prelude.check_array(pair)
        raise TypeError, "wrong element type #{pair.class} (expected array)" if ary.nil?
        if ary.size != 2
          raise ArgumentError, "element has wrong array length (expected 2, was #{ary.size})"
        end
        hash[ary[0]] = ary[1]
      else
        hash[name] = @__values__[i]
      end
    end
    hash
  end

  def deconstruct_keys(keys)
    return to_h if keys.nil?
    unless keys.is_a?(Array)
      raise TypeError, "wrong argument type #{keys.class} (expected Array or nil)"
    end
    hash = {}
    return hash if keys.size > @__values__.size
    keys.each do |key|
      index = RubyVM::Prelude.struct_position(self, key)
      return hash if index.nil?
      hash[key] = @__values__[index]
    end
    hash
  end

  def values_at(*selectors)
    n = @__values__.size
    result = []
    selectors.each do |sel|
      if sel.is_a?(Range)
        first = sel.begin.nil? ? 0 : RubyVM::Prelude.to_long(sel.begin)
        last = sel.end.nil? ? n : RubyVM::Prelude.to_long(sel.end)
        first += n if first < 0
        raise RangeError, "#{sel.inspect} out of range" if first < 0
        last += n if last < 0
        last += 1 unless sel.exclude_end? || sel.end.nil?
        len = last - first
        len = 0 if len < 0
        j = first
        while j < first + len
          result << (j < n ? @__values__[j] : nil)
          j += 1
        end
      else
        result << @__values__[RubyVM::Prelude.struct_index(self, RubyVM::Prelude.to_long(sel))]
      end
    end
    result
  end

  def dig(key, *rest)
    index = RubyVM::Prelude.struct_position(self, key)
    value = index.nil? ? nil : @__values__[index]
    RubyVM::Prelude.dig_rest(value, rest)
  end

  def inspect
    cname = self.class.name
    text = +"#<struct "
    text << cname unless cname.nil?
    done = RubyVM::Prelude.guard_inspect(self) do
      members = RubyVM::Prelude.struct_members(self.class)
      members.each_with_index do |name, i|
        text << (i > 0 ? ", " : (cname.nil? ? "" : " "))
        text << (RubyVM::Prelude.identifier?(name) ? name.to_s : name.inspect)
        text << "=" << @__values__[i].inspect
      end
    end
    unless done
      # Recursive: CRuby prints the class path followed by ":...".
      text = +"#<struct "
      text << (cname.nil? ? self.class.inspect : cname) << ":...>"
      return text
    end
    text << ">"
  end

  def to_s
    inspect
  end
end

# Struct support, kept out of Struct's own namespace.
module RubyVM::Prelude
  # Index of a member given by name or position, or nil (rb_struct_pos).
  def self.struct_position(struct, key)
    members = struct_members(struct.class)
    if key.is_a?(Symbol) || key.is_a?(String)
      return members.index(key.to_sym)
    end
    return nil unless key.is_a?(Integer)
    index = key < 0 ? key + members.size : key
    index >= 0 && index < members.size ? index : nil
  end

  # Like struct_position, but raising CRuby's errors for bad keys.
  def self.struct_index(struct, key)
    n = struct_members(struct.class).size
    if key.is_a?(Symbol) || key.is_a?(String)
      index = struct_members(struct.class).index(key.to_sym)
      raise NameError.new("no member '#{key}' in struct", key, receiver: struct) if index.nil?
      return index
    end
    offset = to_long(key)
    index = offset < 0 ? offset + n : offset
    raise IndexError, "offset #{offset} too small for struct(size:#{n})" if index < 0
    raise IndexError, "offset #{offset} too large for struct(size:#{n})" if index >= n
    index
  end

  def self.check_struct_frozen(struct)
    return unless struct.frozen?
    raise FrozenError.new("can't modify frozen #{struct.class}: #{struct.inspect}",
                          receiver: struct)
  end
end
