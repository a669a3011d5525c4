# frozen_string_literal: true
#
# set.rb: Set, an unordered collection without duplicates (require 'set').
#
# carmine's own implementation, compatible with the set library shipped
# with Ruby 3.1 (set 1.0.2). A Set keeps its elements as the keys of a Hash
# (@hash, every value true), so element equality is eql?/hash and
# iteration follows insertion order.
class Set
  include Enumerable

  # Set[1, 2, 3]
  def self.[](*elements)
    new(elements)
  end

  # Set.new(enum = nil) { |element| mapped }
  def initialize(enum = nil, &block)
    @hash ||= {}
    return if enum.nil?
    if block
      do_with_enum(enum) { |o| add(block.call(o)) }
    else
      merge(enum)
    end
  end

  def compare_by_identity
    unless @hash.respond_to?(:compare_by_identity)
      raise NotImplementedError, "#{self.class.name}#compare_by_identity is not implemented"
    end
    @hash.compare_by_identity
    self
  end

  def compare_by_identity?
    @hash.respond_to?(:compare_by_identity?) && @hash.compare_by_identity?
  end

  def initialize_dup(orig)
    super
    @hash = orig.instance_variable_get(:@hash).dup
  end

  def initialize_clone(orig, **options)
    super
    @hash = orig.instance_variable_get(:@hash).clone(**options)
  end

  def freeze
    @hash.freeze
    super
  end

  # ---- size and membership ----------------------------------------------

  def size
    @hash.size
  end

  def length
    @hash.size
  end

  def empty?
    @hash.size == 0
  end

  def include?(o)
    @hash.key?(o)
  end

  def member?(o)
    @hash.key?(o)
  end

  def ===(o)
    @hash.key?(o)
  end

  def each(&block)
    return enum_for(:each) { size } unless block
    @hash.each_key(&block)
    self
  end

  def to_a
    @hash.keys
  end

  def to_set(klass = Set, *args, &block)
    return self if instance_of?(Set) && klass == Set && block.nil? && args.empty?
    klass.new(self, *args, &block)
  end

  def join(separator = nil)
    to_a.join(separator)
  end

  # ---- adding and removing ----------------------------------------------

  def add(o)
    @hash[o] = true
    self
  end

  def <<(o)
    add(o)
  end

  # Adds o and returns self, or returns nil when o was already there.
  def add?(o)
    return nil if include?(o)
    add(o)
  end

  def delete(o)
    @hash.delete(o)
    self
  end

  # Deletes o and returns self, or returns nil when o was not there.
  def delete?(o)
    return nil unless include?(o)
    delete(o)
  end

  def clear
    @hash.clear
    self
  end

  def replace(enum)
    return self if enum.equal?(self)
    do_with_enum(enum) # raises before clearing when enum is not enumerable
    clear
    merge(enum)
  end

  def merge(enum)
    do_with_enum(enum) { |o| add(o) }
    self
  end

  def subtract(enum)
    do_with_enum(enum) { |o| delete(o) }
    self
  end

  def delete_if
    return enum_for(:delete_if) { size } unless block_given?
    to_a.each { |o| @hash.delete(o) if yield(o) }
    self
  end

  def keep_if
    return enum_for(:keep_if) { size } unless block_given?
    to_a.each { |o| @hash.delete(o) unless yield(o) }
    self
  end

  # Like delete_if, but returns nil when nothing was deleted.
  def reject!(&block)
    return enum_for(:reject!) { size } unless block
    n = size
    delete_if(&block)
    size == n ? nil : self
  end

  # Like keep_if, but returns nil when nothing was deleted.
  def select!(&block)
    return enum_for(:select!) { size } unless block
    n = size
    keep_if(&block)
    size == n ? nil : self
  end

  alias filter! select!

  def collect!
    return enum_for(:collect!) { size } unless block_given?
    mapped = self.class.new
    each { |o| mapped << yield(o) }
    replace(mapped)
  end

  alias map! collect!

  def reset
    if @hash.respond_to?(:rehash)
      @hash.rehash
    elsif frozen?
      raise FrozenError, "can't modify frozen #{self.class.name}"
    end
    self
  end

  # ---- set algebra -------------------------------------------------------

  def |(enum)
    dup.merge(enum)
  end

  def +(enum)
    dup.merge(enum)
  end

  def union(enum)
    dup.merge(enum)
  end

  def -(enum)
    dup.subtract(enum)
  end

  def difference(enum)
    dup.subtract(enum)
  end

  def &(enum)
    result = self.class.new
    if enum.is_a?(Set) && enum.size > size
      each { |o| result.add(o) if enum.include?(o) }
    elsif enum.is_a?(Set)
      enum.each { |o| result.add(o) if include?(o) }
    else
      do_with_enum(enum) { |o| result.add(o) if include?(o) }
    end
    result
  end

  def intersection(enum)
    self & enum
  end

  # Elements in exactly one of self and enum.
  def ^(enum)
    result = Set.new(enum)
    each { |o| result.add(o) unless result.delete?(o) }
    result
  end

  # ---- comparison --------------------------------------------------------

  def superset?(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
    size >= set.size && set.all? { |o| include?(o) }
  end

  def >=(set)
    superset?(set)
  end

  def proper_superset?(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
    size > set.size && set.all? { |o| include?(o) }
  end

  def >(set)
    proper_superset?(set)
  end

  def subset?(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
    size <= set.size && all? { |o| set.include?(o) }
  end

  def <=(set)
    subset?(set)
  end

  def proper_subset?(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
    size < set.size && all? { |o| set.include?(o) }
  end

  def <(set)
    proper_subset?(set)
  end

  # -1, 0 or 1 when one set contains the other, else nil.
  def <=>(set)
    return nil unless set.is_a?(Set)
    case size <=> set.size
    when -1 then proper_subset?(set) ? -1 : nil
    when 1 then proper_superset?(set) ? 1 : nil
    else self == set ? 0 : nil
    end
  end

  def intersect?(set)
    if set.is_a?(Set)
      if size < set.size
        any? { |o| set.include?(o) }
      else
        set.any? { |o| include?(o) }
      end
    elsif set.is_a?(Enumerable)
      set.any? { |o| include?(o) }
    else
      raise ArgumentError, "value must be enumerable"
    end
  end

  def disjoint?(set)
    !intersect?(set)
  end

  def ==(other)
    return true if equal?(other)
    return false unless other.is_a?(Set) && size == other.size
    other.all? { |o| include?(o) }
  end

  def eql?(other)
    return false unless other.is_a?(Set) && size == other.size
    other_hash = other.instance_variable_get(:@hash)
    all? { |o| other_hash.key?(o) }
  end

  # Order-independent, so that equal sets hash alike.
  def hash
    result = size
    each { |o| result ^= o.hash }
    result
  end

  # ---- restructuring -----------------------------------------------------

  def flatten
    self.class.new.__send__(:flatten_merge, self, [])
  end

  # Flattens nested sets in place; nil when there were none.
  def flatten!
    replace(flatten) if any? { |e| e.is_a?(Set) }
  end

  # { block value => Set of the elements giving it }
  def classify
    return enum_for(:classify) { size } unless block_given?
    groups = {}
    each do |o|
      key = yield(o)
      groups[key] = self.class.new unless groups.key?(key)
      groups[key].add(o)
    end
    groups
  end

  # With a one-argument block: the classify groups as a set of sets. With a
  # two-argument block: the strongly connected components of the relation
  # "block.call(u, v)", found in the same order as the tsort library does.
  def divide(&func)
    return enum_for(:divide) { size } unless func
    return Set.new(classify(&func).values) unless func.arity == 2

    edges = {}
    each do |u|
      edges[u] = []
      each { |v| edges[u] << v if func.call(u, v) }
    end
    result = Set.new
    RubyVM::Prelude.strongly_connected(edges) { |component| result.add(self.class.new(component)) }
    result
  end

  def pretty_print(pp)
    pp.group(1, format('#<%s:', self.class.name), '>') do
      pp.breakable
      pp.group(1, '{', '}') do
        pp.seplist(self) do |o|
          pp.pp o
        end
      end
    end
  end

  def pretty_print_cycle(pp)
    pp.text format('#<%s: {%s}>', self.class.name, empty? ? '' : '...')
  end

  def inspect
    done = false
    text = nil
    RubyVM::Prelude.guard_inspect(self) do
      text = "#<#{self.class}: {#{to_a.inspect[1..-2]}}>"
      done = true
    end
    return text if done
    "#<#{self.class.name}: {...}>"
  end

  def to_s
    inspect
  end

  protected

  # Adds the elements of set, and of the sets nested in it, to self.
  def flatten_merge(set, seen)
    set.each do |e|
      if e.is_a?(Set)
        raise ArgumentError, "tried to flatten recursive Set" if seen.any? { |s| s.equal?(e) }
        seen.push(e)
        flatten_merge(e, seen)
        seen.pop
      else
        add(e)
      end
    end
    self
  end

  private

  # Calls block with each element of enum; raises unless enum can be
  # iterated. Without a block it only checks.
  def do_with_enum(enum, &block)
    if enum.respond_to?(:each_entry)
      enum.each_entry(&block) if block
    elsif enum.respond_to?(:each)
      enum.each(&block) if block
    else
      raise ArgumentError, "value must be enumerable"
    end
  end
end

module Enumerable
  # Makes a set (or an instance of klass) from the elements.
  def to_set(klass = Set, *args, &block)
    klass.new(self, *args, &block)
  end
end

module RubyVM::Prelude
  # Tarjan's algorithm over edges (node => [successors]), visiting nodes and
  # successors in order; yields each strongly connected component, in the
  # order and with the element order the tsort library produces.
  def self.strongly_connected(edges)
    index_of = {}
    low = {}
    stack = []
    stack_pos = {}
    counter = 0
    visit = lambda do |node|
      index_of[node] = low[node] = counter
      counter += 1
      stack_pos[node] = stack.size
      stack.push(node)
      edges[node].each do |succ|
        if !index_of.key?(succ)
          visit.call(succ)
          low[node] = low[succ] if low[succ] < low[node]
        elsif stack_pos.key?(succ)
          low[node] = index_of[succ] if index_of[succ] < low[node]
        end
      end
      if low[node] == index_of[node]
        start = stack_pos[node]
        component = stack[start..-1]
        stack = stack[0, start]
        component.each { |n| stack_pos.delete(n) }
        yield component
      end
    end
    edges.each_key { |node| visit.call(node) unless index_of.key?(node) }
  end
end
