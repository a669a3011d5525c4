# frozen_string_literal: true
# A tiny Forth-like interpreter using StringScanner, custom errors, catch/throw,
# refinements and a Fiber-based token stream.
require 'strscan'

module Forth
  class Error < StandardError
    attr_reader :pos
    def initialize(msg, pos: nil)
      super(pos ? "#{msg} at #{pos}" : msg)
      @pos = pos
    end
  end
  class StackUnderflow < Error; end
  class UnknownWord < Error
    def initialize(word, pos:)
      super("unknown word #{word.inspect}", pos: pos)
    end
  end

  module IntegerExt
    refine Integer do
      def to_forth = "#{self} "
      def truthy? = !zero?
    end
  end

  Token = Struct.new(:kind, :value, :pos) do
    def to_s = "#{kind}(#{value.inspect})@#{pos}"
  end

  class Lexer
    include Enumerable
    def initialize(src) = @src = src

    def each
      return enum_for(__method__) unless block_given?
      ss = StringScanner.new(@src)
      until ss.eos?
        next if ss.skip(/\s+/)
        next if ss.skip(/\\[^\n]*/)
        pos = ss.pos
        if ss.scan(/-?\d+(?![^\s])/)
          yield Token.new(:int, ss.matched.to_i, pos)
        elsif ss.scan(/\( (?<body>[^)]*)\)/)
          yield Token.new(:comment, ss[:body].strip, pos)
        elsif ss.scan(/\."([^"]*)"/)
          yield Token.new(:str, ss[1], pos)
        elsif ss.scan(/\S+/)
          yield Token.new(:word, ss.matched.downcase, pos)
        end
      end
    end
  end

  class Machine
    using IntegerExt
    attr_reader :stack, :out

    def initialize
      @stack = []
      @out = +""
      @dict = {}
      @builtins = {
        "+" => ->(a, b) { a + b }, "-" => ->(a, b) { a - b },
        "*" => ->(a, b) { a * b }, "/" => ->(a, b) { a.div(b) },
        "mod" => ->(a, b) { a % b }, "=" => ->(a, b) { a == b ? -1 : 0 },
        "<" => ->(a, b) { a < b ? -1 : 0 }, ">" => ->(a, b) { a > b ? -1 : 0 },
      }
    end

    def pop(pos)
      raise StackUnderflow.new("stack underflow", pos: pos) if @stack.empty?
      @stack.pop
    end

    def run(src)
      tokens = Lexer.new(src).reject { |t| t.kind == :comment }
      catch(:bye) { run_tokens(tokens) }
      self
    end

    def run_tokens(tokens)
      fiber = Fiber.new do
        tokens.each { |t| Fiber.yield t }
        nil
      end
      while (tok = fiber.resume)
        exec(tok, fiber)
      end
    end

    private

    def read_until(fiber, *ends)
      body = []
      loop do
        t = fiber.resume or raise Error, "unterminated definition"
        return [body, t.value] if t.kind == :word && ends.include?(t.value)
        body << t
      end
    end

    def exec(tok, fiber = nil)
      case tok
      in {kind: :int, value:} then @stack.push(value)
      in {kind: :str, value:} then @out << value
      in {kind: :word, value: ":"}
        name = fiber.resume.value
        body, = read_until(fiber, ";")
        @dict[name] = body
      in {kind: :word, value: "if"}
        then_body, terminator = read_until(fiber, "else", "then")
        else_body = terminator == "else" ? read_until(fiber, "then").first : []
        run_tokens(pop(tok.pos).truthy? ? then_body : else_body)
      in {kind: :word, value: "bye"} then throw :bye
      in {kind: :word, value: "."} then @out << pop(tok.pos).to_forth
      in {kind: :word, value: "dup"} then v = pop(tok.pos); @stack.push(v, v)
      in {kind: :word, value: "swap"} then b = pop(tok.pos); a = pop(tok.pos); @stack.push(b, a)
      in {kind: :word, value: "drop"} then pop(tok.pos)
      in {kind: :word, value: "cr"} then @out << "\n"
      in {kind: :word, value: String => w} if @builtins.key?(w)
        b = pop(tok.pos); a = pop(tok.pos)
        @stack.push(@builtins[w].(a, b))
      in {kind: :word, value: String => w} if @dict.key?(w)
        run_tokens(@dict[w])
      in {kind: :word, value:}
        raise UnknownWord.new(value, pos: tok.pos)
      end
    end
  end
end

programs = [
  ': sq dup * ; 3 sq . 4 sq . cr',
  '( compute ) 10 3 mod . 10 3 / . -7 2 / . cr',
  ': sign dup 0 < if drop -1 else 0 > if 1 else 0 then then ; -5 sign . 0 sign . 9 sign . cr',
  '."hello" cr 1 2 swap . . bye 99 .',
  '1 2 + + .',
  'frob',
  ': broken 1 2',
]
programs.each do |src|
  m = Forth::Machine.new
  begin
    m.run(src)
    puts "ok   #{m.out.inspect} stack=#{m.stack.inspect}"
  rescue Forth::StackUnderflow => e
    puts "underflow: #{e.message} (pos #{e.pos}) #{e.class.ancestors.take(3).inspect}"
  rescue Forth::Error => e
    puts "error: #{e.class}: #{e.message}"
  end
end
lex = Forth::Lexer.new(': a 1 ; ( c ) a')
puts lex.map(&:to_s).join(" ")
puts lex.each_slice(2).map { |pair| pair.map(&:kind).join("+") }.inspect
puts lex.group_by(&:kind).transform_values(&:size).sort.inspect
puts lex.min_by(&:pos).to_s, lex.count { _1.kind == :word }
begin
  1.to_forth
rescue NoMethodError => e
  puts e.message[/undefined method `\w+'/]
end
s = StringScanner.new("abc 123 def")
p s.scan(/\w+/), s.pos, s.check(/\s*\d+/), s.scan_until(/\d+/), s.pre_match, s.rest, s.rest_size
s.unscan
p s.pos, s.getch, s.peek(3), s.string.frozen?, s.inspect
