# frozen_string_literal: true
#
# json.rb: JSON generation and parsing (require 'json').
#
# carmine's own implementation of the parts of the json gem (2.6, shipped
# with Ruby 3.1) that ordinary programs use: JSON.generate / dump /
# pretty_generate, #to_json on core objects, JSON.parse (symbolize_names,
# object_class, array_class), JSON.load, JSON[...]. Output matches the
# gem's byte for byte, including its pretty-printing of empty containers.
module JSON
  class JSONError < StandardError; end
  class ParserError < JSONError; end
  class GeneratorError < JSONError; end
  class NestingError < ParserError; end

  VERSION = "2.6.1"

  # The state of one generate call: indentation strings and depth.
  class State
    attr_reader :indent, :space, :object_nl, :array_nl, :max_nesting
    attr_accessor :depth

    def initialize(opts = {})
      @indent = opts[:indent] || ""
      @space = opts[:space] || ""
      @object_nl = opts[:object_nl] || ""
      @array_nl = opts[:array_nl] || ""
      @allow_nan = opts[:allow_nan] || false
      @max_nesting = opts.key?(:max_nesting) ? opts[:max_nesting] : 100
      @depth = 0
    end

    def allow_nan? = @allow_nan

    def check_nesting
      return unless @max_nesting && @max_nesting != 0 && @depth > @max_nesting
      raise NestingError, "nesting of #{@depth} is too deep"
    end
  end

  PRETTY = { indent: "  ", space: " ", object_nl: "\n", array_nl: "\n" }.freeze

  ESCAPES = {
    "\"" => "\\\"", "\\" => "\\\\", "\b" => "\\b", "\f" => "\\f",
    "\n" => "\\n", "\r" => "\\r", "\t" => "\\t",
  }.freeze

  class << self
    def generate(obj, opts = nil)
      state = opts.is_a?(State) ? opts : State.new(opts || {})
      obj.to_json(state)
    end
    alias unparse generate
    alias fast_generate generate

    def pretty_generate(obj, opts = nil)
      generate(obj, PRETTY.merge(opts || {}))
    end

    def dump(obj, io = nil, *)
      s = generate(obj, max_nesting: false, allow_nan: true)
      return s unless io
      io.write(s)
      io
    end

    def parse(source, opts = {})
      Parser.new(source.to_str, opts || {}).parse
    end

    def parse!(source, opts = {}) = parse(source, opts)

    def load(source, proc = nil, opts = {})
      source = source.read if source.respond_to?(:read)
      return nil if source.nil? || source.empty?
      result = parse(source, { allow_nan: true }.merge(opts))
      proc&.call(result)
      result
    end

    def [](obj, opts = {})
      obj.is_a?(String) ? parse(obj, opts) : generate(obj, opts)
    end

    # The gem's escaping: quotes, backslash and control characters;
    # everything else (including non-ASCII and "/") is kept as it is.
    def escape_string(s)
      out = s.to_s.gsub(/["\\\x00-\x1f]/) do |c|
        ESCAPES[c] || format("\\u%04x", c.ord)
      end
      "\"#{out}\""
    end

    def generate_float(f, state)
      if f.nan? || f.infinite?
        raise GeneratorError, "1003: #{f} not allowed in JSON" unless state&.allow_nan?
      end
      f.to_s
    end

    def generate_array(ary, state)
      state ||= State.new
      return "[]" if ary.empty? && state.array_nl.empty?
      state.depth += 1
      state.check_nesting
      ind = state.indent * state.depth
      parts = ary.map { |v| ind + v.to_json(state) }
      state.depth -= 1
      nl = state.array_nl
      "[#{nl}#{parts.join(",#{nl}")}#{nl}#{state.indent * state.depth}]"
    end

    def generate_object(hash, state)
      state ||= State.new
      state.depth += 1
      state.check_nesting
      ind = state.indent * state.depth
      parts = hash.map do |k, v|
        "#{ind}#{escape_string(k.to_s)}:#{state.space}#{v.to_json(state)}"
      end
      state.depth -= 1
      nl = state.object_nl
      return "{#{nl}#{state.indent * state.depth}}" if parts.empty?
      "{#{nl}#{parts.join(",#{nl}")}#{nl}#{state.indent * state.depth}}"
    end
  end

  # A recursive-descent parser over the source string.
  class Parser
    NUMBER = /-?(?:0|[1-9]\d*)(?:(\.\d+)?([eE][-+]?\d+)?)/
    WS = /[ \t\r\n]*/

    def initialize(source, opts)
      @s = source
      @pos = 0
      @symbolize = opts[:symbolize_names]
      @object_class = opts[:object_class]
      @array_class = opts[:array_class]
      @allow_nan = opts[:allow_nan]
      @max_nesting = opts.key?(:max_nesting) ? opts[:max_nesting] : 100
      @depth = 0
    end

    def parse
      skip_ws
      fail_at(859, @pos) if @pos >= @s.size
      v = value(859)
      skip_ws
      fail_at(859, @pos) if @pos < @s.size
      v
    end

    private

    def skip_ws
      @pos = @s.index(/[^ \t\r\n]|\z/, @pos)
      while @s[@pos] == "/" && (@s[@pos + 1] == "*" || @s[@pos + 1] == "/")
        close = @s[@pos + 1] == "*" ? @s.index("*/", @pos + 2)&.+(2) : (@s.index("\n", @pos) || @s.size)
        fail_at(859, @pos) unless close
        @pos = @s.index(/[^ \t\r\n]|\z/, close)
      end
    end

    def fail_at(code, pos)
      raise ParserError, "#{code}: unexpected token at '#{@s[pos..]}'"
    end

    def value(code)
      start = @pos
      case @s[@pos]
      when "{" then object
      when "[" then array
      when "\"" then string
      when "t" then literal("true", true, code)
      when "f" then literal("false", false, code)
      when "n" then literal("null", nil, code)
      when "N" then @allow_nan ? literal("NaN", Float::NAN, code) : fail_at(code, start)
      when "I" then @allow_nan ? literal("Infinity", Float::INFINITY, code) : fail_at(code, start)
      when "-", "0".."9" then number(code)
      else fail_at(code, start)
      end
    end

    def literal(word, val, code)
      fail_at(code, @pos) unless @s[@pos, word.size] == word
      @pos += word.size
      val
    end

    def number(code)
      if @allow_nan && @s[@pos, 9] == "-Infinity"
        @pos += 9
        return -Float::INFINITY
      end
      m = NUMBER.match(@s, @pos)
      fail_at(code, @pos) unless m && m.begin(0) == @pos
      @pos = m.end(0)
      m[1] || m[2] ? Float(m[0]) : Integer(m[0], 10)
    end

    def nest
      @depth += 1
      if @max_nesting && @max_nesting != 0 && @depth > @max_nesting
        raise NestingError, "nesting of #{@depth} is too deep"
      end
      r = yield
      @depth -= 1
      r
    end

    def array
      start = @pos
      @pos += 1
      nest do
        out = @array_class ? @array_class.new : []
        skip_ws
        if @s[@pos] == "]"
          @pos += 1
          next out
        end
        loop do
          skip_ws
          fail_at(451, @pos) if @pos >= @s.size || @s[@pos] == "]"
          out << value(451)
          skip_ws
          case @s[@pos]
          when "," then @pos += 1
          when "]"
            @pos += 1
            break
          else fail_at(451, start)
          end
        end
        out
      end
    end

    def object
      start = @pos
      @pos += 1
      nest do
        out = @object_class ? @object_class.new : {}
        skip_ws
        if @s[@pos] == "}"
          @pos += 1
          next out
        end
        loop do
          skip_ws
          fail_at(859, start) unless @s[@pos] == "\""
          key = string
          key = key.to_sym if @symbolize
          skip_ws
          fail_at(859, start) unless @s[@pos] == ":"
          @pos += 1
          skip_ws
          begin
            out[key] = value(859)
          rescue ParserError
            raise ParserError, "859: unexpected token at '#{@s[start..]}'"
          end
          skip_ws
          case @s[@pos]
          when "," then @pos += 1
          when "}"
            @pos += 1
            break
          else fail_at(859, start)
          end
        end
        out
      end
    end

    STRING_ESCAPES = { "b" => "\b", "f" => "\f", "n" => "\n", "r" => "\r", "t" => "\t", "\"" => "\"", "\\" => "\\", "/" => "/" }.freeze

    def string
      start = @pos
      close = @pos + 1
      out = +""
      loop do
        j = @s.index(/["\\]/, close)
        fail_at(859, start) unless j
        out << @s[close...j]
        if @s[j] == "\""
          @pos = j + 1
          break
        end
        c = @s[j + 1]
        if c == "u"
          hex = @s[j + 2, 4]
          fail_at(859, start) unless hex&.match?(/\A\h{4}\z/)
          code = hex.to_i(16)
          close = j + 6
          if code.between?(0xD800, 0xDBFF) && @s[close, 2] == "\\u"
            low = @s[close + 2, 4].to_i(16)
            if low.between?(0xDC00, 0xDFFF)
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
              close += 6
            end
          end
          out << code.chr(Encoding::UTF_8)
        else
          out << (STRING_ESCAPES[c] || c.to_s)
          close = j + 2
        end
      end
      out
    end
  end
end

class Object
  def to_json(state = nil, *) = JSON.escape_string(to_s)
end

class NilClass
  def to_json(*) = "null"
end

class TrueClass
  def to_json(*) = "true"
end

class FalseClass
  def to_json(*) = "false"
end

class Integer
  def to_json(*) = to_s
end

class Float
  def to_json(state = nil, *) = JSON.generate_float(self, state)
end

class String
  def to_json(*) = JSON.escape_string(self)
end

class Symbol
  def to_json(*) = JSON.escape_string(to_s)
end

class Array
  def to_json(state = nil, *) = JSON.generate_array(self, state.is_a?(Hash) ? JSON::State.new(state) : state)
end

class Hash
  def to_json(state = nil, *) = JSON.generate_object(self, state.is_a?(Hash) ? JSON::State.new(state) : state)
end

module Kernel
  private

  def j(*objs) = objs.each { |o| puts JSON.generate(o) } && nil
  def jj(*objs) = objs.each { |o| puts JSON.pretty_generate(o) } && nil

  def JSON(obj, *args)
    obj.is_a?(String) ? JSON.parse(obj, *args) : JSON.generate(obj, *args)
  end
end
