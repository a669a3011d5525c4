# expr_parser: an application-shaped workload: a hand-written tokenizer
# (String#getbyte / byteslice over the source, case/when on byte ranges)
# and a recursive-descent parser building a small AST of Arrays, then an
# evaluator walking it with variables in a Hash.
# Measures: String indexing, short-lived Array/String allocation, method
# calls with several arguments, case/when on Integers and Symbols.
# bench-size: 120
# bench-quick: 4
reps = (ARGV[0] || ENV['BENCH_SIZE'] || 120).to_i

class Lexer
  def initialize(src)
    @src = src
    @pos = 0
    @len = src.bytesize
  end

  # Returns [kind, text] pairs: :num, :id, :op, :lp, :rp, :comma, :eof.
  def tokens
    out = []
    while @pos < @len
      c = @src.getbyte(@pos)
      case c
      when 32, 10, 9
        @pos += 1
      when 48..57
        start = @pos
        @pos += 1 while @pos < @len && (48..57).cover?(@src.getbyte(@pos))
        out << [:num, @src.byteslice(start, @pos - start)]
      when 97..122, 95
        start = @pos
        @pos += 1 while @pos < @len && ident_byte?(@src.getbyte(@pos))
        out << [:id, @src.byteslice(start, @pos - start)]
      when 40 then out << [:lp, "("]; @pos += 1
      when 41 then out << [:rp, ")"]; @pos += 1
      when 44 then out << [:comma, ","]; @pos += 1
      else
        out << [:op, c.chr]
        @pos += 1
      end
    end
    out << [:eof, ""]
  end

  private

  def ident_byte?(b)
    (97..122).cover?(b) || (48..57).cover?(b) || b == 95
  end
end

class Parser
  PREC = { "+" => 1, "-" => 1, "*" => 2, "/" => 2, "%" => 2 }.freeze

  def initialize(tokens)
    @toks = tokens
    @i = 0
  end

  def parse
    e = expr(0)
    raise "trailing #{@toks[@i].inspect}" unless @toks[@i][0] == :eof
    e
  end

  private

  def peek = @toks[@i]

  def advance
    t = @toks[@i]
    @i += 1
    t
  end

  def expr(min)
    left = unary
    loop do
      kind, text = peek
      break unless kind == :op
      prec = PREC[text]
      break if prec.nil? || prec < min
      advance
      right = expr(prec + 1)
      left = [:bin, text, left, right]
    end
    left
  end

  def unary
    kind, text = peek
    if kind == :op && text == "-"
      advance
      [:neg, unary]
    else
      primary
    end
  end

  def primary
    kind, text = advance
    case kind
    when :num then [:num, text.to_i]
    when :lp
      e = expr(0)
      advance
      e
    when :id
      if peek[0] == :lp
        advance
        args = []
        until peek[0] == :rp
          args << expr(0)
          advance if peek[0] == :comma
        end
        advance
        [:call, text, args]
      else
        [:var, text]
      end
    else
      raise "unexpected #{kind} #{text.inspect}"
    end
  end
end

def evaluate(node, env)
  case node[0]
  when :num then node[1]
  when :var then env.fetch(node[1])
  when :neg then -evaluate(node[1], env)
  when :bin
    a = evaluate(node[2], env)
    b = evaluate(node[3], env)
    case node[1]
    when "+" then a + b
    when "-" then a - b
    when "*" then a * b
    when "/" then b == 0 ? 0 : a / b
    else b == 0 ? 0 : a % b
    end
  when :call
    args = node[2].map { |x| evaluate(x, env) }
    case node[1]
    when "max" then args.max
    when "min" then args.min
    when "abs" then args[0].abs
    else args.sum
    end
  end
end

# A deterministic source text: 200 expressions over 6 variables.
names = %w[alpha beta gamma delta x_1 y_2]
ops = %w[+ - * / %]
srcs = (0...200).map do |k|
  parts = []
  (3 + k % 5).times do |j|
    v = (k * 31 + j * 17) % 11
    term = case v % 4
           when 0 then names[v % names.size]
           when 1 then ((k * j + 7) % 97).to_s
           when 2 then "max(#{names[j % 6]}, #{(v * 13) % 50}, -#{names[(j + 1) % 6]})"
           else "(#{names[(k + j) % 6]} #{ops[j % 5]} #{(v + 3)})"
           end
    parts << term
    parts << ops[(k + j) % 5]
  end
  parts.pop
  parts.join(" ")
end

checksum = 0
tokens_seen = 0
reps.times do |r|
  env = { "alpha" => r + 1, "beta" => 7, "gamma" => -3, "delta" => r % 13,
          "x_1" => 1000, "y_2" => 2 }
  srcs.each do |s|
    toks = Lexer.new(s).tokens
    tokens_seen += toks.size
    ast = Parser.new(toks).parse
    checksum = (checksum * 31 + evaluate(ast, env)) % 1_000_000_007
  end
end
puts "expressions=#{srcs.size * reps} tokens=#{tokens_seen} checksum=#{checksum}"
