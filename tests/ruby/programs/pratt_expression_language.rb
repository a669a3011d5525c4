# A tokenizer + Pratt parser + evaluator for a small expression language,
# with variables, functions, error positions, and pattern matching on AST nodes.
class Lexer
  Token = Struct.new(:type, :value, :pos)
  KEYWORDS = %w[let fn if then else end].freeze
  class Error < StandardError; end

  def initialize(src)
    @src = src
    @i = 0
  end

  def tokens
    out = []
    while @i < @src.length
      c = @src[@i]
      case c
      when /\s/ then @i += 1
      when /\d/
        start = @i
        @i += 1 while @i < @src.length && @src[@i] =~ /[\d.]/
        text = @src[start...@i]
        out << Token.new(:num, text.include?(".") ? Float(text) : Integer(text), start)
      when /[A-Za-z_]/
        start = @i
        @i += 1 while @i < @src.length && @src[@i] =~ /\w/
        word = @src[start...@i]
        out << Token.new(KEYWORDS.include?(word) ? word.to_sym : :ident, word, start)
      when "=", "!", "<", ">"
        if @src[@i + 1] == "="
          out << Token.new(:op, c + "=", @i); @i += 2
        else
          out << Token.new(:op, c, @i); @i += 1
        end
      when "+", "-", "*", "/", "%", "^", "(", ")", ",", ";"
        out << Token.new(:op, c, @i); @i += 1
      else
        raise Error, "unexpected #{c.inspect} at #{@i}"
      end
    end
    out << Token.new(:eof, nil, @i)
  end
end

class Parser
  PREC = { "==" => 1, "!=" => 1, "<" => 2, ">" => 2, "<=" => 2, ">=" => 2,
           "+" => 3, "-" => 3, "*" => 4, "/" => 4, "%" => 4, "^" => 5 }.freeze
  RIGHT = %w[^].freeze
  class Error < StandardError; end

  def initialize(tokens) = (@t = tokens; @k = 0)
  def peek = @t[@k]
  def advance = (@k += 1; @t[@k - 1])

  def expect(type, value = nil)
    tok = advance
    unless tok.type == type && (value.nil? || tok.value == value)
      raise Error, "expected #{value || type} at #{tok.pos}, got #{tok.value.inspect}"
    end
    tok
  end

  def program
    stmts = [expr(0)]
    while peek.type == :op && peek.value == ";"
      advance
      stmts << expr(0) unless peek.type == :eof
    end
    expect(:eof)
    [:seq, stmts]
  end

  def expr(min)
    left = prefix
    loop do
      tok = peek
      break unless tok.type == :op && (prec = PREC[tok.value]) && prec > min - (RIGHT.include?(tok.value) ? 1 : 0) && prec >= min
      advance
      right = expr(RIGHT.include?(tok.value) ? prec : prec + 1)
      left = [:bin, tok.value, left, right]
    end
    left
  end

  def prefix
    tok = advance
    case tok
    in { type: :num, value: } then [:num, value]
    in { type: :op, value: "-" } then [:neg, prefix]
    in { type: :op, value: "(" }
      e = expr(0); expect(:op, ")"); e
    in { type: :let }
      name = expect(:ident).value
      expect(:op, "=")
      [:let, name, expr(0)]
    in { type: :fn }
      params = []
      expect(:op, "(")
      until peek.type == :op && peek.value == ")"
        params << expect(:ident).value
        advance if peek.value == ","
      end
      expect(:op, ")")
      [:fn, params, expr(0)]
    in { type: :if }
      c = expr(0); expect(:then); a = expr(0); expect(:else); b = expr(0); expect(:end)
      [:if, c, a, b]
    in { type: :ident, value: name }
      if peek.type == :op && peek.value == "("
        advance
        args = []
        until peek.type == :op && peek.value == ")"
          args << expr(0)
          advance if peek.value == ","
        end
        expect(:op, ")")
        [:call, name, args]
      else
        [:var, name]
      end
    else
      raise Error, "unexpected #{tok.value.inspect} at #{tok.pos}"
    end
  end
end

class Interp
  Closure = Struct.new(:params, :body, :env)
  def initialize
    @global = { "pi" => Math::PI }
    @builtins = { "sqrt" => ->(x) { Math.sqrt(x) }, "max" => ->(*xs) { xs.max }, "abs" => :abs.to_proc }
  end

  def run(src)
    ast = Parser.new(Lexer.new(src).tokens).program
    eval_node(ast, @global)
  end

  def eval_node(node, env)
    case node
    in [:seq, stmts] then stmts.map { |s| eval_node(s, env) }.last
    in [:num, v] then v
    in [:neg, e] then -eval_node(e, env)
    in [:var, name] then env.fetch(name) { @global.fetch(name) { raise NameError, "undefined variable #{name}" } }
    in [:let, name, e] then env[name] = eval_node(e, env)
    in [:fn, params, body] then Closure.new(params, body, env)
    in [:if, c, a, b] then eval_node(c, env) ? eval_node(a, env) : eval_node(b, env)
    in [:call, name, args]
      vals = args.map { |a| eval_node(a, env) }
      f = env[name] || @global[name] || @builtins[name] || raise(NameError, "no function #{name}")
      case f
      in Closure[params, body, cenv]
        raise ArgumentError, "#{name}: expected #{params.size} args, got #{vals.size}" if params.size != vals.size
        eval_node(body, cenv.merge(params.zip(vals).to_h))
      in Proc then f.call(*vals)
      end
    in [:bin, op, l, r]
      a = eval_node(l, env); b = eval_node(r, env)
      case op
      when "^" then a**b
      when "/" then b.zero? ? raise(ZeroDivisionError, "division by zero in #{node.inspect[0, 30]}") : a / b
      else a.public_send(op, b)
      end
    end
  end
end

it = Interp.new
[
  "1 + 2 * 3",
  "2 ^ 3 ^ 2",
  "(1 + 2) * 3 - -4",
  "let x = 10; let y = x * 2.5; y - x",
  "let sq = fn(a) a * a; sq(7) + sq(2)",
  "let fact = fn(n) if n <= 1 then 1 else n * fact(n - 1) end; fact(20)",
  "let fib = fn(n) if n < 2 then n else fib(n - 1) + fib(n - 2) end; fib(15)",
  "sqrt(2) * sqrt(2)",
  "max(3, 9, 4) % 4",
  "abs(-42)",
  "10 / 4; 10.0 / 4",
  "1 == 1",
  "3 >= 4",
  "pi * 2",
  "7 / 0",
  "1 + ",
  "let = 3",
  "foo(1)",
  "let g = fn(a, b) a; g(1)",
  "2 $ 3",
  "q + 1",
].each do |src|
  result = it.run(src)
  puts "#{src.ljust(62)} => #{result.inspect}"
rescue ZeroDivisionError, Lexer::Error, Parser::Error, NameError, ArgumentError => e
  puts "#{src.ljust(62)} !! #{e.class}: #{e.message}"
end

toks = Lexer.new("let a = b <= 3").tokens
p toks.map { |t| [t.type, t.value] }
p toks.map(&:to_a).last
deconstructed = toks.first.deconstruct_keys([:type])
p deconstructed
case { name: "carmine", version: [3, 1, 2], tags: %w[vm rust] }
in { name: String => nm, version: [3, *rest], tags: [_, "rust"] }
  puts "found #{nm} #{rest.inspect}"
end
val = 5
case 5
in ^val then puts "pinned"
end
case [1, [2, 3]]
in [Integer => a, [b, *c]] if a < b
  p [a, b, c]
end
r = case {status: "err", code: 404}
    in {status: "ok"} then :fine
    in {status: "err", code: 400..499 => code} then "client #{code}"
    end
p r
begin
  case 42
  in String then 1
  end
rescue NoMatchingPatternError => e
  p e.class, e.message
end
