# frozen_string_literal: true
#
# ostruct.rb: OpenStruct, a hash-backed object whose attributes are made up
# as they are assigned (require 'ostruct').
#
# carmine's own implementation, compatible with the ostruct library shipped
# with Ruby 3.1 (ostruct 0.5.2): values live in the Hash @table (Symbol
# keys), and each attribute gets a singleton getter and setter when it is
# first set, so respond_to? and methods see it. Unknown readers answer nil
# through method_missing.
#
# As in ostruct 0.5.2, every public method whose name ends in a word
# character also gets a "!" alias (class!, method!, ...). Attributes may
# shadow the ordinary names (OpenStruct.new(class: 1).class == 1), so the
# library calls the "!" names internally.
class OpenStruct
  VERSION = "0.5.2"

  def initialize(hash = nil)
    if hash
      update_to_values!(hash)
    else
      @table = {}
    end
  end

  def [](name)
    @table[name.to_sym]
  end

  def []=(name, value)
    name = name.to_sym
    new_ostruct_member!(name)
    @table[name] = value
  end

  def to_h(&block)
    return @table.dup unless block
    hash = {}
    @table.each_pair do |key, value|
      pair = block.call(key, value)
      ary = RubyVM::Prelude.check_array(pair)
      raise TypeError, "wrong element type #{pair.class} (expected array)" if ary.nil?
      if ary.size != 2
        raise ArgumentError, "element has wrong array length (expected 2, was #{ary.size})"
      end
      hash[ary[0]] = ary[1]
    end
    hash
  end

  # Yields [name, value] pairs.
  def each_pair(&block)
    return to_enum(:each_pair) { @table.size } unless block
    @table.each_pair { |pair| block.call(pair) }
    self
  end

  def dig(name, *names)
    unless name.respond_to?(:to_sym)
      raise! TypeError, "#{name} is not a symbol nor a string"
    end
    RubyVM::Prelude.dig(@table, [name.to_sym, *names])
  end

  # Removes an attribute and its methods; returns its value. A missing
  # attribute raises NameError, or returns the block's value if given.
  def delete_field(name, &block)
    sym = name.to_sym
    singleton = singleton_class!
    begin
      singleton.__send__(:remove_method, sym, :"#{sym}=")
    rescue NameError
      # no methods were defined for it
    end
    unless @table.key?(sym)
      return block.call if block
      raise! NameError.new("no field `#{sym}' in #{self}", sym)
    end
    @table.delete(sym)
  end

  def inspect
    detail = " ..."
    RubyVM::Prelude.guard_inspect(self) do
      detail = @table.map { |key, value| " #{key}=#{value.inspect}" }.join(",")
    end
    "#<#{self.class!}#{detail}>"
  end

  def to_s
    inspect
  end

  attr_reader :table

  def ==(other)
    return false unless other.kind_of?(OpenStruct)
    @table == other.table!
  end

  def eql?(other)
    return false unless other.kind_of?(OpenStruct)
    @table.eql?(other.table!)
  end

  def hash
    @table.hash
  end

  def freeze
    @table.freeze
    super
  end

  def marshal_dump
    @table
  end

  private

  def initialize_clone(orig)
    super # the singleton methods come along with the singleton class
    @table = @table.dup unless @table.frozen?
  end

  def initialize_dup(orig)
    super
    update_to_values!(@table)
  end

  def update_to_values!(hash)
    @table = {}
    hash.each_pair { |key, value| set_ostruct_member_value!(key, value) }
  end

  alias_method :marshal_load, :update_to_values!

  def set_ostruct_member_value!(name, value)
    self[name] = value
  end

  # Defines the getter and setter for name unless it already has them or
  # the name is one a subclass defines itself.
  def new_ostruct_member!(name)
    return if @table.key?(name) || is_method_protected!(name)
    define_singleton_method!(name) { @table[name] }
    define_singleton_method!(:"#{name}=") { |value| @table[name] = value }
  end

  # Whether an attribute must not replace the existing method `name`:
  # bang methods, and methods defined below OpenStruct (in a subclass or a
  # module it includes).
  def is_method_protected!(name)
    return false unless respond_to?(name, true)
    return true if name.end_with?("!")
    owner = method!(name).owner
    if owner.class == ::Class
      owner < ::OpenStruct
    else
      self.class.ancestors.each do |mod|
        return false if mod == ::OpenStruct
        return true if mod == owner
      end
      false
    end
  end

  def method_missing(mid, *args)
    name = mid.to_s
    if name.end_with?("=") && name.size > 1
      if args.size != 1
        raise! ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
      end
      set_ostruct_member_value!(name[0..-2], args[0])
    elsif args.empty?
      @table[mid]
    else
      super
    end
  end

  public

  # The "!" aliases of ostruct 0.5.2.
  instance_methods.each do |meth|
    next if meth.to_s.match?(/\W\z/)
    alias_method(:"#{meth}!", meth)
  end
  alias_method :raise!, :raise
  private :raise!
  protected :table!
end
