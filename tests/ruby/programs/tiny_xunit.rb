# A tiny xUnit framework: discovery via inherited/method_added, assertions with
# diffs, skips, errors with filtered backtraces, retries, and a summary at exit
module Tiny
  class Assertion < Exception; end
  class Skip < Assertion; end

  module Assertions
    def assert(test, msg = nil)
      @assertions += 1
      return true if test
      msg = msg.call if msg.respond_to?(:call)
      raise Assertion, msg || "Expected #{mu_pp(test)} to be truthy."
    end

    def assert_equal(exp, act, msg = nil)
      assert(exp == act, -> { [msg, diff(exp, act)].compact.join(".\n") })
    end

    def assert_in_delta(exp, act, delta = 0.001)
      n = (exp - act).abs
      assert delta >= n, "Expected |#{exp} - #{act}| (#{n}) to be <= #{delta}."
    end

    def assert_raises(*klasses)
      klasses = [StandardError] if klasses.empty?
      yield
    rescue *klasses => e
      @assertions += 1
      e
    rescue Assertion
      raise
    rescue Exception => e
      raise Assertion, "#{mu_pp(klasses)} exception expected, not\nClass: <#{e.class}>\nMessage: <#{e.message.inspect}>"
    else
      raise Assertion, "#{mu_pp(klasses)} expected but nothing was raised."
    end

    def assert_match(re, s) = assert(re =~ s, "Expected #{mu_pp(re)} to match #{mu_pp(s)}.")
    def refute(test, msg = nil) = assert(!test, msg || "Expected #{mu_pp(test)} to not be truthy.")
    def skip(msg = "Skipped, no message given") = raise(Skip, msg)

    def mu_pp(obj)
      s = obj.inspect
      s = s.encode(Encoding.default_external) if defined?(Encoding)
      s
    end

    def diff(exp, act)
      e, a = mu_pp(exp), mu_pp(act)
      if e.include?("\n") || a.include?("\n") || (e.size > 30 && a.size > 30)
        lines = []
        e.each_line.zip(a.each_line).each_with_index do |(x, y), i|
          lines << "@@ line #{i + 1}: -#{x&.chomp} +#{y&.chomp}" if x != y
        end
        "--- expected\n+++ actual\n#{lines.join("\n")}"
      else
        "Expected: #{e}\n  Actual: #{a}"
      end
    end
  end

  class Test
    include Assertions
    @@registry = []
    attr_reader :name, :failure, :assertions

    def self.inherited(sub)
      super
      @@registry << sub
      sub.instance_variable_set(:@tests, [])
    end

    def self.method_added(m)
      @tests << m if m.start_with?("test_") && public_method_defined?(m)
      super
    end

    def self.tests = @tests
    def self.registry = @@registry

    def initialize(name)
      @name = name
      @assertions = 0
    end

    def setup; end
    def teardown; end

    def run
      attempts = 0
      begin
        attempts += 1
        setup
        send(name)
      rescue Assertion => e
        @failure = e
      rescue StandardError, NotImplementedError => e
        retry if e.is_a?(Flaky) && attempts < 3
        @failure = e
      ensure
        begin
          teardown
        rescue => e
          @failure ||= e
        end
      end
      self
    end

    def result_code
      case @failure
      when nil then "."
      when Skip then "S"
      when Assertion then "F"
      else "E"
      end
    end

    def location
      file, line = method(name).source_location
      "#{File.basename(file)}:#{line}"
    end
  end

  class Flaky < StandardError; end

  def self.run(seed:)
    rng = Random.new(seed)
    results = Test.registry.sort_by(&:name).flat_map do |klass|
      klass.tests.sort.shuffle(random: rng).map { |t| klass.new(t).run }
    end
    puts "Run options: --seed #{seed}", ""
    puts results.map(&:result_code).join, ""
    bad = results.reject { |r| r.failure.nil? }
    bad.each.with_index(1) do |r, i|
      kind = case r.failure when Skip then "Skipped" when Assertion then "Failure" else "Error" end
      puts "  #{i}) #{kind}:"
      puts "#{r.class}##{r.name} [#{r.location}]:"
      if kind == "Error"
        puts "#{r.failure.class}: #{r.failure.message}"
        puts r.failure.backtrace.grep_v(/in `run'|in `block/).first(2).map { |l| "    " + l.sub(/\A.*\//, "") }
      else
        puts r.failure.message
      end
      puts
    end
    counts = results.map(&:result_code).tally
    total = results.sum(&:assertions)
    puts format("%d runs, %d assertions, %d failures, %d errors, %d skips",
                results.size, total, counts.fetch("F", 0), counts.fetch("E", 0), counts.fetch("S", 0))
    counts.key?("F") || counts.key?("E") ? 1 : 0
  end
end

class Stack
  class Empty < RuntimeError; end
  def initialize = @items = []
  def push(x) = tap { @items.push(x) }
  def pop = @items.empty? ? raise(Empty, "stack is empty") : @items.pop
  def peek = @items.last
  def size = @items.size
  def to_s = "Stack(#{@items.join(', ')})"
end

class StackTest < Tiny::Test
  def setup = @s = Stack.new.push(1).push(2)
  def test_push = assert_equal(3, @s.push(3).size)
  def test_pop = assert_equal([2, 1], [@s.pop, @s.pop])
  def test_empty
    2.times { @s.pop }
    e = assert_raises(Stack::Empty) { @s.pop }
    assert_match(/empty/, e.message)
  end
  def test_wrong = assert_equal("Stack(1, 2, 3)", @s.to_s)
  def test_skipped = skip("not today")
  def test_error = @s.size.frobnicate
  def test_long_diff = assert_equal({ a: 1, b: [1, 2, 3], c: "long string here" }, { a: 1, b: [1, 2, 4], c: "long string here" })
  def test_raises_other = assert_raises(ArgumentError) { Integer("zz") rescue raise TypeError, "nope" }
  def test_nothing_raised = assert_raises(KeyError) { {}.fetch(:a, 1) }
  private def test_private = raise("never runs")
end

class MathTest < Tiny::Test
  @@calls = 0
  def test_delta = assert_in_delta(0.3, 0.1 + 0.2)
  def test_delta_fail = assert_in_delta(1.0, 1.1, 0.01)
  def test_flaky
    @@calls += 1
    raise Tiny::Flaky, "attempt #{@@calls}" if @@calls < 3
    assert_equal 3, @@calls
  end
  def test_refute = refute([].empty?, "array should not be empty")
  def test_not_impl = raise(NotImplementedError, "todo")
  def teardown = (raise "teardown boom" if name == :test_delta)
end

p StackTest.tests.size, MathTest.tests.sort, Tiny::Test.registry
code = Tiny.run(seed: 42)
at_exit { puts "exiting with #{code}" }
exit code
