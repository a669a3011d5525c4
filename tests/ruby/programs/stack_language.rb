# A small Forth-like stack language: tokenizer as external Enumerator, words, control flow
require 'strscan'

class StackError < StandardError; end
class Underflow < StackError
  def initialize(word) = super("stack underflow in '#{word}'")
end
class UnknownWord < StackError; end

Token = Struct.new(:kind, :text, :line) do
  def to_s = "#{kind}(#{text})@#{line}"
end

class Lexer
  include Enumerable
  PATTERNS = [
    [:comment, /\(\s[^)]*\)/],
    [:number, /-?\d+(?:\.\d+)?/],
    [:string, /"((?:[^"\\]|\\.)*)"/],
    [:word, /[^\s]+/],
  ].freeze

  def initialize(src) = @src = src

  def each
    return enum_for(:each) unless block_given?
    ss = StringScanner.new(@src)
    line = 1
    until ss.eos?
      if (ws = ss.scan(/\s+/))
        line += ws.count("\n")
        next
      end
      kind, = PATTERNS.find { |_, re| ss.match?(re) }
      text = ss.scan(PATTERNS.assoc(kind)[1])
      next if kind == :comment
      text = ss[1].gsub(/\\(.)/) { $1 == "n" ? "\n" : $1 } if kind == :string
      yield Token.new(kind, text, line)
    end
  end
end

class Machine
  attr_reader :stack, :out

  def initialize
    @stack = []
    @out = +""
    @dict = {}
    @prims = {
      "+" => ->(a, b) { a + b }, "-" => ->(a, b) { a - b },
      "*" => ->(a, b) { a * b }, "/" => ->(a, b) { b.zero? ? raise(ZeroDivisionError, "divided by 0") : a / b },
      "mod" => ->(a, b) { a % b }, "=" => ->(a, b) { a == b ? -1 : 0 },
      "<" => ->(a, b) { a < b ? -1 : 0 }, ">" => ->(a, b) { a > b ? -1 : 0 },
    }
  end

  def pop(word)
    raise Underflow.new(word) if @stack.empty?
    @stack.pop
  end

  def run(src)
    tokens = Lexer.new(src).each
    catch(:bye) do
      loop { step(tokens.next, tokens) }
    end
    self
  end

  def step(tok, tokens)
    case tok
    in { kind: :number, text: }
      @stack << (text.include?(".") ? text.to_f : Integer(text))
    in { kind: :string, text: }
      @stack << text
    in { kind: :word, text: ":" }
      name = tokens.next.text.downcase
      body = []
      while (t = tokens.next).text != ";"
        body << t
      end
      @dict[name] = body.freeze
    in { kind: :word, text: }
      exec_word(text.downcase, tok, tokens)
    end
  end

  def exec_word(w, tok, tokens)
    if (f = @prims[w])
      b = pop(w); a = pop(w)
      @stack << f.(a, b)
    elsif (body = @dict[w])
      body.each { |t| step(t, tokens) }
    else
      case w
      when "dup" then x = pop(w); @stack.push(x, x)
      when "drop" then pop(w)
      when "swap" then b = pop(w); a = pop(w); @stack.push(b, a)
      when "over" then raise Underflow.new(w) if @stack.size < 2; @stack << @stack[-2]
      when "." then @out << pop(w).to_s << " "
      when "emit" then @out << pop(w).chr
      when "cr" then @out << "\n"
      when "type" then @out << pop(w)
      when "times"
        n = pop(w)
        body = @dict.fetch(tokens.next.text.downcase) { |k| raise UnknownWord, "no word #{k}" }
        n.times { body.each { |t| step(t, tokens) } }
      when "bye" then throw :bye
      when ".s" then @out << "<#{@stack.size}> #{@stack.join(' ')}\n"
      else raise UnknownWord, "unknown word '#{w}' at line #{tok.line}"
      end
    end
  end
end

programs = {
  "arith" => "2 3 + 4 * . cr 10 3 mod . 7 2 / . cr",
  "words" => ": sq dup * ; : cube dup sq * ; 3 sq . 4 cube . cr",
  "strings" => %q{"hello\\nworld" type cr "say \\"hi\\"" type cr 72 emit 105 emit cr},
  "loop" => ": star 42 emit ; 5 times star cr",
  "comment" => "1 ( this is ignored ) 2 + . cr .s",
  "floats" => "1.5 2 * . 10 4.0 / . cr",
  "underflow" => "1 + .",
  "unknown" => "1 2\n frob",
  "zero" => "1 0 /",
  "bye" => "1 . bye 2 .",
  "cmp" => "1 2 < . 2 1 < . 3 3 = . cr",
}

programs.each do |name, src|
  m = Machine.new
  begin
    m.run(src)
    puts "#{name}: #{m.out.inspect} stack=#{m.stack.inspect}"
  rescue StackError, ZeroDivisionError => e
    puts "#{name}: #{e.class}: #{e.message} (out=#{m.out.inspect})"
  end
end

toks = Lexer.new(%q{: x 1 ; "a b" 3.5}).to_a
puts toks.map(&:to_s).join(" ")
puts Lexer.new("a b c").each_slice(2).map { |s| s.map(&:text).join }.inspect
e = Lexer.new("1 2").each
p e.next.text, e.peek.text, e.next.text
begin
  e.next
rescue StopIteration => ex
  puts "done: #{ex.class} #{ex.result.inspect}"
end
p Lexer.new("x y").lazy.map(&:text).map(&:upcase).first(1)
p Lexer.new("q").min_by(&:line).deconstruct_keys([:kind])
