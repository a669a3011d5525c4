# lisp_interp: an application-shaped workload: a small Scheme
# interpreter written the way such toys are: symbols are frozen Structs
# interned in a Hash with a default proc, environments are chained Hash
# scopes, the evaluator is a `loop` with `case`/`when` over Struct
# constants (Struct#==) and tail calls by rebinding, primitives are
# lambdas called with splats. The program defines closures, recursion,
# variadic procedures and a counter, then runs them.
# Measures: Struct ==/=== in case/when, Hash lookups with String keys,
# Array destructuring and slicing, lambda calls with *args, allocation of
# small Hashes and Arrays.
# bench-size: 15
# bench-quick: 2
reps = (ARGV[0] || ENV['BENCH_SIZE'] || 15).to_i

class LispError < StandardError; end
class UnboundSymbol < LispError
  def initialize(sym) = super("unbound symbol: #{sym}")
end
class ArityError < LispError; end

Sym = Struct.new(:name) do
  def to_s = name
  def inspect = name
end
SYMS = Hash.new { |h, k| h[k] = Sym.new(k).freeze }

class Reader
  TOKEN = /\s*(,@|[('`,)]|"(?:\\.|[^\\"])*"|;[^\n]*|[^\s('"`,;)]+)/

  def initialize(src)
    @tokens = src.scan(TOKEN).flatten.reject { |t| t.start_with?(';') }.each
  end

  def read_all
    forms = []
    loop { forms << read }
    forms
  end

  def read
    tok = @tokens.next
    case tok
    when '(' then read_list
    when ')' then raise LispError, 'unexpected )'
    when "'" then [SYMS['quote'], read]
    else atom(tok)
    end
  end

  private

  def read_list
    list = []
    while @tokens.peek != ')'
      list << read
    end
    @tokens.next
    list
  rescue StopIteration
    raise LispError, 'unexpected EOF in list'
  end

  def atom(tok)
    case tok
    when /\A-?\d+\z/ then tok.to_i
    when /\A-?\d+\.\d+\z/ then tok.to_f
    when /\A-?\d+\/\d+\z/ then Rational(tok)
    when '#t' then true
    when '#f' then false
    when /\A"(.*)"\z/m then $1.gsub(/\\(.)/) { { 'n' => "\n", 't' => "\t" }.fetch($1, $1) }
    else SYMS[tok]
    end
  end
end

class Env
  def initialize(params = [], args = [], outer = nil)
    @vars = {}
    @outer = outer
    if (i = params.index(SYMS['.']))
      fixed = params[0...i]
      raise ArityError, "expected at least #{fixed.size} args, got #{args.size}" if args.size < fixed.size
      fixed.each_with_index { |p, j| @vars[p] = args[j] }
      @vars[params[i + 1]] = args[fixed.size..]
    else
      raise ArityError, "expected #{params.size} args, got #{args.size}" unless params.size == args.size
      params.zip(args) { |p, a| @vars[p] = a }
    end
  end

  def find(sym)
    e = self
    e = e.outer_of while e && !e.has?(sym)
    e or raise UnboundSymbol.new(sym)
  end

  def has?(sym) = @vars.key?(sym)
  def outer_of = @outer
  def [](sym) = find(sym).get(sym)
  def get(sym) = @vars[sym]
  def []=(sym, v)
    @vars[sym] = v
  end
  def set!(sym, v) = find(sym)[sym] = v
end

Lambda = Struct.new(:params, :body, :env, :name) do
  def to_s = "#<procedure #{name || 'anonymous'}>"
end

class Interp
  attr_reader :global, :steps

  def initialize(out)
    @out = out
    @steps = 0
    @global = Env.new
    prims = {
      '+' => ->(*a) { a.sum }, '-' => ->(a, *b) { b.empty? ? -a : b.reduce(a, :-) },
      '*' => ->(*a) { a.reduce(1, :*) }, '/' => ->(a, b) { b.is_a?(Integer) && a.is_a?(Integer) ? Rational(a, b) : a / b },
      '<' => ->(a, b) { a < b }, '=' => ->(a, b) { a == b }, '>' => ->(a, b) { a > b },
      'car' => ->(l) { l.first }, 'cdr' => ->(l) { l.drop(1) }, 'cons' => ->(a, l) { [a, *l] },
      'list' => ->(*a) { a }, 'null?' => ->(l) { l.empty? }, 'length' => ->(l) { l.length },
      'display' => ->(x) { @out << show(x); nil }, 'newline' => -> { @out << "\n"; nil },
      'apply' => ->(f, args) { apply(f, args) }, 'error' => ->(msg) { raise LispError, msg },
      'string-append' => ->(*s) { s.join }, 'number->string' => ->(n) { n.to_s },
    }
    prims.each { |k, v| @global[SYMS[k]] = v }
  end

  def show(x)
    case x
    when true then '#t'
    when false then '#f'
    when nil then 'nil'
    when Array then "(#{x.map { |e| show(e) }.join(' ')})"
    when Rational then x.denominator == 1 ? x.numerator.to_s : "#{x.numerator}/#{x.denominator}"
    else x.to_s
    end
  end

  def apply(f, args)
    case f
    when Proc
      raise ArityError, "primitive expects #{f.arity} args, got #{args.size}" if f.arity >= 0 && f.arity != args.size
      f.call(*args)
    when Lambda then eval_body(f.body, Env.new(f.params, args, f.env))
    else raise LispError, "not a procedure: #{show(f)}"
    end
  end

  def eval_body(body, env)
    body[0..-2].each { |x| evaluate(x, env) }
    evaluate(body.last, env)
  end

  def evaluate(x, env)
    loop do
      @steps += 1
      case x
      when Sym then return env[x]
      when Array
        head, *rest = x
        case head
        when SYMS['quote'] then return rest[0]
        when SYMS['if']
          test, conseq, alt = rest
          x = evaluate(test, env) == false ? alt : conseq
        when SYMS['define']
          if head.is_a?(Sym) && rest[0].is_a?(Array)
            name, *params = rest[0]
            env[name] = Lambda.new(params, rest[1..], env, name.name)
          else
            env[rest[0]] = evaluate(rest[1], env)
          end
          return nil
        when SYMS['set!'] then return env.set!(rest[0], evaluate(rest[1], env))
        when SYMS['lambda'] then return Lambda.new(rest[0], rest[1..], env)
        when SYMS['begin']
          rest[0..-2].each { |e| evaluate(e, env) }
          x = rest.last
        when SYMS['let']
          names = rest[0].map(&:first)
          vals = rest[0].map { |(_, v)| evaluate(v, env) }
          env = Env.new(names, vals, env)
          rest[1..-2].each { |e| evaluate(e, env) }
          x = rest.last
        when SYMS['cond']
          clause = rest.find { |(t, _)| t == SYMS['else'] || evaluate(t, env) != false }
          return nil unless clause
          x = [SYMS['begin'], *clause[1..]]
        else
          f = evaluate(head, env)
          args = rest.map { |a| evaluate(a, env) }
          if f.is_a?(Lambda)
            env = Env.new(f.params, args, f.env)
            f.body[0..-2].each { |e| evaluate(e, env) }
            x = f.body.last
          else
            return apply(f, args)
          end
        end
      else
        return x
      end
    end
  end
end

PROGRAM = <<~'LISP'
  (define (fact n) (if (< n 2) 1 (* n (fact (- n 1)))))
  (define (loop i acc) (if (= i 0) acc (loop (- i 1) (+ acc i))))
  (define (map f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l)))))
  (define (filter p l) (cond ((null? l) '()) ((p (car l)) (cons (car l) (filter p (cdr l)))) (else (filter p (cdr l)))))
  (define (range a b) (if (> a b) '() (cons a (range (+ a 1) b))))
  (define (make-counter)
    (let ((n 0))
      (lambda () (set! n (+ n 1)) n)))
  (define c (make-counter))
  (define (sum . xs) (apply + xs))
  (define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
  (display (fact 20)) (newline)
  (display (loop 3000 0)) (newline)
  (display (apply sum (map (lambda (x) (* x x)) (filter (lambda (x) (> x 20)) (range 1 60))))) (newline)
  (display (fib 15)) (newline)
  (c) (c)
  (display (c)) (newline)
LISP

forms = Reader.new(PROGRAM).read_all
out = +''
steps = 0
reps.times do
  lisp = Interp.new(out)
  forms.each { |form| lisp.evaluate(form, lisp.global) }
  steps += lisp.steps
end
lines = out.lines
puts "runs=#{reps} lines=#{lines.size} last=#{lines.last(6).map(&:chomp).join(',')} steps=#{steps}"
