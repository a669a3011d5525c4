# frozen_string_literal: true
# A tiny Lisp interpreter: tokenizer, reader, environments, closures, errors.

module Lisp
  class Error < StandardError; end
  class ParseError < Error; end
  class NameError < Error
    def initialize(sym) = super("unbound symbol: #{sym}")
  end
  class ArityError < Error; end

  Sym = Struct.new(:name) do
    def to_s = name
    def inspect = name
  end

  class Env
    attr_reader :outer
    def initialize(params = [], args = [], outer = nil)
      @table = params.zip(args).to_h
      @outer = outer
    end

    def find(sym)
      return self if @table.key?(sym)
      raise NameError.new(sym) unless @outer
      @outer.find(sym)
    end

    def [](sym) = find(sym).table[sym]
    def []=(sym, val)
      @table[sym] = val
    end

    def set!(sym, val)
      find(sym).table[sym] = val
    end

    protected

    attr_reader :table
  end

  class Lambda
    attr_reader :params, :body, :env
    def initialize(params, body, env)
      @params, @body, @env = params, body, env
    end

    def call(*args)
      unless args.size == params.size
        raise ArityError, "expected #{params.size} args, got #{args.size}"
      end
      Lisp.eval(body, Env.new(params, args, env))
    end

    def to_s = "#<lambda (#{params.join(' ')})>"
  end

  module_function

  def tokenize(src)
    src.gsub(/;[^\n]*/, "").gsub("(", " ( ").gsub(")", " ) ").split
  end

  def read(tokens)
    raise ParseError, "unexpected EOF" if tokens.empty?
    tok = tokens.shift
    case tok
    when "("
      list = []
      list << read(tokens) while tokens.first != ")" && !tokens.empty?
      raise ParseError, "missing )" if tokens.empty?
      tokens.shift
      list
    when ")" then raise ParseError, "unexpected )"
    else atom(tok)
    end
  end

  def atom(tok)
    Integer(tok, exception: false) || Float(tok, exception: false) ||
      (tok == "#t" ? true : tok == "#f" ? false : tok.to_sym)
  end

  def global_env
    env = Env.new
    %i[+ - * < > <= >= ==].each { |op| env[op] = ->(*a) { a.reduce(op) } }
    env[:/] = ->(a, b) { b.zero? ? raise(Error, "division by zero") : a / b }
    env[:list] = ->(*a) { a }
    env[:car] = ->(l) { l.first }
    env[:cdr] = ->(l) { l.drop(1) }
    env[:cons] = ->(a, l) { [a, *l] }
    env[:"null?"] = ->(l) { l.empty? }
    env[:length] = ->(l) { l.length }
    env[:map] = ->(f, l) { l.map { |x| f.call(x) } }
    env[:apply] = ->(f, l) { f.call(*l) }
    env
  end

  def eval(x, env)
    case x
    in Symbol then env[x]
    in Integer | Float | true | false then x
    in [:quote, exp] then exp
    in [:if, test, conseq, alt]
      eval(eval(test, env) ? conseq : alt, env)
    in [:define, Symbol => name, exp]
      env[name] = eval(exp, env)
    in [:set!, Symbol => name, exp]
      env.set!(name, eval(exp, env))
    in [:lambda, Array => params, body]
      Lambda.new(params, body, env)
    in [:begin, *exps]
      exps.map { |e| eval(e, env) }.last
    in [op, *args]
      proc = eval(op, env)
      vals = args.map { |a| eval(a, env) }
      proc.call(*vals)
    end
  end

  def to_lisp(v)
    case v
    when Array then "(#{v.map { |e| to_lisp(e) }.join(' ')})"
    when true then "#t"
    when false then "#f"
    when Proc then "#<builtin/#{v.arity}>"
    else v.to_s
    end
  end
end

env = Lisp.global_env
programs = <<~LISP.split("\n---\n")
  (define fact (lambda (n) (if (<= n 1) 1 (* n (fact (- n 1))))))
  ---
  (fact 20)
  ---
  (fact 30)
  ---
  (define counter (begin (define n 0) (lambda () (begin (set! n (+ n 1)) n))))
  ---
  (list (counter) (counter) (counter))
  ---
  (map (lambda (x) (* x x)) (quote (1 2 3 4 5)))
  ---
  (apply + (list 1 2 3.5))
  ---
  (car (cdr (cons 1 (quote (2 3)))))
  ---
  (undefined-thing 1)
  ---
  (/ 10 0)
  ---
  ((lambda (a b) a) 1)
  ---
  (+ 1 (* 2 3)
  ---
  (define fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))
  ---
  (map fib (quote (0 1 2 3 4 5 6 7 8 9 10 15)))
  ---
  (length (quote (a b c)))
  ---
  fact
  ---
  car
  ---
  (quote (nested (list (of #t #f) 1.5)))
LISP

programs.each_with_index do |src, i|
  result = Lisp.eval(Lisp.read(Lisp.tokenize(src)), env)
  puts format("%2d> %-40s => %s", i, src.strip[0, 40], Lisp.to_lisp(result))
rescue Lisp::Error => e
  puts format("%2d> %-40s !! %s: %s", i, src.strip[0, 40], e.class, e.message)
rescue NoMatchingPatternError => e
  puts "#{i}> no pattern: #{e.message}"
end

s = "literal"
begin
  s << "x"
rescue FrozenError => e
  puts "frozen: #{e.message}"
  p e.receiver.equal?(s)
end
p Lisp::Sym.new("abc").then { |sym| [sym.to_s, sym.inspect, sym.frozen?] }
p Lisp.method(:tokenize).owner, Lisp.respond_to?(:read), Lisp.private_instance_methods(false).sort.first(3)
