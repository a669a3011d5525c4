# frozen_string_literal: true
#
# pp: pretty-printed inspect, following CRuby 3.1's lib/pp.rb (pp 0.3.0)
# for the core classes carmine has: PP, Kernel#pp / #pretty_inspect, and
# pretty_print for Object, Array, Hash, Struct, Range and friends. Output
# goes through PrettyPrint with CRuby's default width (80 columns, so a
# line holds at most 79 characters when the output is not a terminal).
require 'prettyprint'

class PP < PrettyPrint
  def self.width_for(_out)
    cols = ENV['COLUMNS'].to_i if defined?(ENV) && ENV['COLUMNS']
    (cols && cols > 0 ? cols : 80) - 1
  end

  def self.pp(obj, out = $stdout, width = width_for(out))
    buf = ''.dup
    q = PP.new(buf, width)
    q.guard_inspect_key { q.pp obj }
    q.flush
    buf << "\n"
    out << buf
    out
  end

  def self.singleline_pp(obj, out = $stdout)
    q = SingleLine.new(out)
    q.guard_inspect_key { q.pp obj }
    out
  end

  def self.mcall(obj, mod, meth, *args, &block)
    mod.instance_method(meth).bind_call(obj, *args, &block)
  end

  @sharing_detection = false
  class << self
    attr_accessor :sharing_detection
  end

  module PPMethods
    def guard_inspect_key
      saved = @inspect_keys
      @inspect_keys = {}.compare_by_identity
      yield
    ensure
      @inspect_keys = saved
    end

    def check_inspect_key(id)
      @inspect_keys ||= {}.compare_by_identity
      @inspect_keys.key?(id)
    end

    def push_inspect_key(id)
      @inspect_keys ||= {}.compare_by_identity
      @inspect_keys[id] = true
    end

    def pop_inspect_key(id)
      @inspect_keys.delete(id)
    end

    def pp(obj)
      if check_inspect_key(obj)
        group { obj.pretty_print_cycle self }
        return
      end
      begin
        push_inspect_key(obj)
        group { obj.pretty_print self }
      ensure
        pop_inspect_key(obj) unless PP.sharing_detection
      end
    end

    def object_group(obj, &block)
      group(1, '#<' + obj.class.name.to_s, '>', &block)
    end

    def object_address_group(obj, &block)
      str = Kernel.instance_method(:to_s).bind_call(obj)
      str = str.chomp('>')
      group(1, str, '>', &block)
    end

    def comma_breakable
      text ','
      breakable
    end

    def seplist(list, sep = nil, iter_method = :each)
      sep ||= lambda { comma_breakable }
      first = true
      list.__send__(iter_method) do |*v|
        if first
          first = false
        else
          sep.call
        end
        yield(*v)
      end
    end

    def pp_object(obj)
      object_address_group(obj) do
        seplist(obj.pretty_print_instance_variables, lambda { text ',' }) do |v|
          breakable
          v = v.to_s if Symbol === v
          text v
          text '='
          group(1) do
            breakable ''
            pp(obj.instance_eval(v))
          end
        end
      end
    end

    def pp_hash(obj)
      group(1, '{', '}') do
        seplist(obj, nil, :each_pair) do |k, v|
          group do
            pp k
            text '=>'
            group(1) do
              breakable ''
              pp v
            end
          end
        end
      end
    end
  end

  include PPMethods

  class SingleLine < PrettyPrint::SingleLine
    include PPMethods
  end

  module ObjectMixin
    def pretty_print(q)
      inspect_method =
        begin
          Object.instance_method(:method).bind_call(self, :inspect)
        rescue NameError
          nil
        end
      if inspect_method && inspect_method.owner != Kernel
        q.text inspect
      elsif !inspect_method && respond_to?(:inspect)
        q.text inspect
      else
        q.pp_object(self)
      end
    end

    def pretty_print_cycle(q)
      q.object_address_group(self) do
        q.breakable
        q.text '...'
      end
    end

    def pretty_print_instance_variables
      instance_variables.sort
    end

    def pretty_print_inspect
      if Object.instance_method(:method).bind_call(self, :pretty_print).owner == PP::ObjectMixin
        raise "pretty_print is not overridden for #{self.class}"
      end
      PP.singleline_pp(self, ''.dup)
    end
  end
end

class Array
  def pretty_print(q)
    q.group(1, '[', ']') do
      q.seplist(self) do |v|
        q.pp v
      end
    end
  end

  def pretty_print_cycle(q)
    q.text(empty? ? '[]' : '[...]')
  end
end

class Hash
  def pretty_print(q)
    q.pp_hash self
  end

  def pretty_print_cycle(q)
    q.text(empty? ? '{}' : '{...}')
  end
end

class Struct
  def pretty_print(q)
    q.group(1, format('#<struct %s', PP.mcall(self, Kernel, :class).name), '>') do
      q.seplist(PP.mcall(self, Struct, :members), lambda { q.text "," }) do |member|
        q.breakable
        q.text member.to_s
        q.text '='
        q.group(1) do
          q.breakable ''
          q.pp self[member]
        end
      end
    end
  end

  def pretty_print_cycle(q)
    q.text format('#<struct %s:...>', PP.mcall(self, Kernel, :class).name)
  end
end

class Range
  def pretty_print(q)
    q.pp self.begin
    q.breakable ''
    q.text(exclude_end? ? '...' : '..')
    q.breakable ''
    q.pp self.end if self.end
  end
end

class String
  def pretty_print(q)
    lines = self.lines
    if lines.size > 1
      q.group(0, '', '') do
        q.seplist(lines, lambda { q.text ' +'; q.breakable }) do |v|
          q.pp v
        end
      end
    else
      q.text inspect
    end
  end
end

class Object
  include PP::ObjectMixin
end

[Numeric, Symbol, FalseClass, TrueClass, NilClass, Module].each do |c|
  c.class_eval do
    def pretty_print_cycle(q)
      q.text inspect
    end
  end
end

[Numeric, FalseClass, TrueClass, Module].each do |c|
  c.class_eval do
    def pretty_print(q)
      q.text inspect
    end
  end
end

module Kernel
  def pretty_inspect
    PP.pp(self, ''.dup)
  end

  def pp(*objs)
    objs.each { |obj| PP.pp(obj) }
    objs.size <= 1 ? objs.first : objs
  end
  module_function :pp
end
