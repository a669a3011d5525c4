# mspec-lite: a small MSpec-compatible spec runner for carmine.
#
# It implements the subset of the MSpec DSL that ruby/spec's language/
# specs use (describe/it/before/after, should/should_not, the common
# matchers, mocks, guards, shared specs, ScratchPad, fixture, ruby_exe...),
# written with plain Ruby features so that an interpreter under
# development can run it.  One spec file is run per process by
# run_file.rb; results are written one line per event (see Reporter).
#
# Semantics follow MSpec: describe blocks are evaluated when they are
# defined (collecting examples and nested contexts); a top-level context is
# processed right after its block has been evaluated: before(:all) of the
# context and its parents, then for every example before(:each) (outer
# first), the example, after(:each) (inner first), the mock verification
# and cleanup; then after(:all); then the nested contexts.  Every block runs
# with self being one MSpecEnv object shared by the whole file.  An example
# that runs no expectation fails, as in MSpec.

class SpecExpectationNotMetError < StandardError
end

class SpecExpectationNotFoundError < StandardError
  def message
    "No behavior expectation was found in the example"
  end
end

class SkippedSpecError < StandardError
end

# ruby/spec checks MSpecScript.instance_variable_defined?(:@testing_ruby).
class MSpecScript
end

module MSpecMatchers
end

class MSpecEnv
  include MSpecMatchers
end

# Expectations are sometimes used in a module body (as in MSpec).
class Module
  include MSpecMatchers
end

module MSpecLite
  # One describe/context block.
  class Context
    attr_reader :desc, :parent, :examples, :children, :befores, :afters
    attr_accessor :parsed

    def initialize(desc, parent, shared)
      @desc = desc
      @parent = parent
      @shared = shared
      @examples = []           # [description, block] pairs
      @children = []
      @befores = { :each => [], :all => [] }
      @afters = { :each => [], :all => [] }
      @parsed = false
    end

    def shared?
      @shared
    end

    # Contexts from the outermost to self.
    def chain
      list = []
      c = self
      while c
        list.unshift(c)
        c = c.parent
      end
      list
    end

    def description
      chain.map { |c| c.desc }.join(" ")
    end

    def pre(what)
      list = []
      chain.each { |c| c.befores[what].each { |b| list << b } }
      list
    end

    # Inner contexts first; in one context, blocks defined later first.
    def post(what)
      list = []
      chain.each { |c| list = c.afters[what] + list }
      list
    end

    # Copy of a shared context's child, attached to a new parent.
    def adopt_copy(new_parent)
      copy = Context.new(@desc, new_parent, false)
      @befores[:all].each { |b| copy.befores[:all] << b }
      @befores[:each].each { |b| copy.befores[:each] << b }
      @afters[:all].each { |b| copy.afters[:all] << b }
      @afters[:each].each { |b| copy.afters[:each] << b }
      @examples.each { |e| copy.examples << e }
      copy.parsed = @parsed
      new_parent.children << copy
      @children.each { |child| child.adopt_copy(copy) }
      copy
    end
  end

  class << self
    attr_accessor :current, :env, :reporter, :expectation_seen

    def shared
      @shared ||= {}
    end

    def describe(desc, options, block)
      shared = options.is_a?(Hash) && options[:shared]
      parent = shared ? nil : @current
      ctx = Context.new(desc.to_s, parent, shared)
      parent.children << ctx if parent
      saved = @current
      @current = ctx
      begin
        ctx.parsed = protect_block(nil) { @env.instance_exec(&block) }
      ensure
        @current = saved
      end
      if shared
        MSpecLite.shared[desc.to_s] = ctx
      elsif parent.nil?
        process(ctx)
      end
      ctx
    end

    def current!
      raise "not inside a describe block" unless @current
      @current
    end

    # Runs a block with self = env. Returns nil on success, else
    # [status, message] where status is :fail, :error or :skip.
    def run_block(block)
      @env.instance_exec(&block)
      nil
    rescue SystemExit => e
      raise e
    rescue SkippedSpecError => e
      [:skip, e.message]
    rescue SpecExpectationNotMetError, SpecExpectationNotFoundError => e
      [:fail, e.message]
    rescue Exception => e
      [:error, MSpecLite.describe_exception(e)]
    end

    # Used for describe bodies and before/after :all; reports problems as
    # errors outside any example.
    def protect_block(where)
      yield
      true
    rescue SystemExit => e
      raise e
    rescue SkippedSpecError
      false
    rescue Exception => e
      ctx = @current ? @current.description : ""
      @reporter.context_error(ctx, where, MSpecLite.describe_exception(e))
      false
    end

    def describe_exception(e)
      msg = begin
        e.message.to_s
      rescue Exception
        "(message raised)"
      end
      msg = "<No message>" if msg.empty?
      bt = begin
        (e.backtrace || []).reject { |l| l.include?("mspec-lite/") }.first(3)
      rescue Exception
        []
      end
      s = "#{e.class}: #{msg}"
      s += " [" + bt.join(" | ") + "]" unless bt.empty?
      s
    end

    def process(ctx)
      saved = @current
      @current = ctx
      if ctx.parsed && !ctx.examples.empty?
        all_ok = true
        ctx.pre(:all).each do |b|
          r = run_block(b)
          if r
            @reporter.context_error(ctx.description, "before :all", r[1]) unless r[0] == :skip
            all_ok = false
            break
          end
        end
        if all_ok
          ctx.examples.each { |desc, block| run_example(ctx, desc, block) }
          ctx.post(:all).each do |b|
            r = run_block(b)
            @reporter.context_error(ctx.description, "after :all", r[1]) if r && r[0] != :skip
          end
        else
          Mock.cleanup
        end
      end
      @current = nil
      ctx.children.each { |child| process(child) }
      @current = saved
    end

    def run_example(ctx, desc, block)
      full = "#{ctx.description} #{desc}"
      @reporter.start(full)
      @expectation_seen = false
      result = nil
      ok = true
      ctx.pre(:each).each do |b|
        r = run_block(b)
        if r
          result = r
          ok = false
          break
        end
      end
      if ok && block
        result = run_block(block)
        if result.nil? && !@expectation_seen
          result = [:fail, SpecExpectationNotFoundError.new.message]
        end
      end
      ctx.post(:each).each do |b|
        r = run_block(b)
        result ||= r
      end
      r = run_block(-> { Mock.verify_count })
      result ||= r
      r = run_block(-> { Mock.cleanup })
      result ||= r
      if result.nil?
        @reporter.pass(full)
      else
        @reporter.result(result[0], full, result[1])
      end
    end
  end

  # Writes one line per event to the results file (the orchestrator reads
  # it, so a crash keeps everything written so far), or human-readable
  # lines to STDOUT when no file is given.
  #   S <desc>         example started
  #   P <desc>         passed
  #   F <desc> <msg>   expectation failed
  #   E <desc> <msg>   error (unexpected exception)
  #   K <desc> <msg>   skipped
  #   X <ctx> <msg>    error outside any example (describe body, before/after :all)
  #   D                the file ran to its end
  class Reporter
    attr_reader :counts

    def initialize(path)
      @io = path ? File.open(path, "w") : nil
      @counts = { :pass => 0, :fail => 0, :error => 0, :skip => 0, :ctx => 0 }
    end

    def clean(s)
      s = s.to_s
      s = s.gsub("\\", "\\\\\\\\") if s.include?("\\")
      s = s.gsub("\n", "\\n") if s.include?("\n")
      s = s.gsub("\t", "\\t") if s.include?("\t")
      s = s.gsub("\r", "\\r") if s.include?("\r")
      s
    rescue Exception
      "(unprintable)"
    end

    def emit(line)
      if @io
        @io.write(line + "\n")
        @io.flush
      end
    end

    def start(desc)
      emit("S\t" + clean(desc))
    end

    def pass(desc)
      @counts[:pass] += 1
      emit("P\t" + clean(desc))
      STDOUT.print(".") unless @io
    end

    def result(status, desc, msg)
      @counts[status] += 1
      tag = { :fail => "F", :error => "E", :skip => "K" }[status]
      emit(tag + "\t" + clean(desc) + "\t" + clean(msg))
      STDOUT.print("\n#{tag} #{desc}\n    #{msg}\n") unless @io
    end

    def context_error(ctx, where, msg)
      @counts[:ctx] += 1
      text = where ? "#{where}: #{msg}" : msg
      emit("X\t" + clean(ctx) + "\t" + clean(text))
      STDOUT.print("\nX #{ctx}\n    #{text}\n") unless @io
    end

    def done
      emit("D")
      unless @io
        c = @counts
        STDOUT.print("\n#{c[:pass]} passed, #{c[:fail] + c[:error]} failed, #{c[:skip]} skipped" \
                     "#{c[:ctx] > 0 ? ", #{c[:ctx]} errors outside examples" : ""}\n")
      end
      @io.close if @io
    end
  end

  def self.format(obj)
    obj.inspect
  rescue Exception
    "#<#{obj.class}>"
  end

  # Interpreter identity used by the guards. carmine aims at CRuby 3.1, so
  # by default it is treated as the standard implementation ("ruby");
  # MSPEC_LITE_ENGINE / MSPEC_LITE_RUBY_VERSION override.
  def self.engine
    ENV["MSPEC_LITE_ENGINE"] || "ruby"
  end

  def self.ruby_version
    ENV["MSPEC_LITE_RUBY_VERSION"] || (defined?(RUBY_VERSION) ? RUBY_VERSION : "3.1.2")
  end

  def self.platform
    defined?(RUBY_PLATFORM) ? RUBY_PLATFORM : "x86_64-linux"
  end

  # Optional features (with_feature guards); as in MSpec none is on unless
  # a spec helper calls MSpec.enable_feature.
  def self.features
    @features ||= {}
  end
end

# The part of MSpec's own API that spec helpers call.
module MSpec
  def self.enable_feature(feature)
    MSpecLite.features[feature] = true
  end

  def self.disable_feature(feature)
    MSpecLite.features.delete(feature)
  end

  def self.feature_enabled?(feature)
    MSpecLite.features[feature] ? true : false
  end
end

# ---------------------------------------------------------------- DSL

class Object
  private

  def describe(desc, options = nil, &block)
    MSpecLite.describe(desc, options, block)
  end

  def context(desc, options = nil, &block)
    MSpecLite.describe(desc, options, block)
  end

  # As in MSpec, an example without a block is neither run nor counted.
  def it(desc, &block)
    ctx = MSpecLite.current!
    ctx.examples << [desc.to_s, block] if block
    nil
  end

  def specify(desc, &block)
    it(desc, &block)
  end

  def before(what = :each, &block)
    MSpecLite.current!.befores[what] << block
    nil
  end

  def after(what = :each, &block)
    MSpecLite.current!.afters[what].unshift(block)
    nil
  end

  def it_should_behave_like(desc)
    ctx = MSpecLite.current!
    shared = MSpecLite.shared[desc.to_s]
    raise Exception, "Unable to find shared 'describe' for #{desc}" unless shared
    shared.befores[:all].each { |b| ctx.befores[:all] << b }
    shared.befores[:each].each { |b| ctx.befores[:each] << b }
    shared.afters[:each].each { |b| ctx.afters[:each] << b }
    shared.afters[:all].each { |b| ctx.afters[:all] << b }
    shared.examples.each { |e| ctx.examples << e }
    shared.children.each { |child| child.adopt_copy(ctx) }
    nil
  end

  def it_behaves_like(desc, meth, obj = nil)
    before(:all) do
      @method = meth
      @object = obj
    end
    after(:all) do
      @method = nil
      @object = nil
    end
    it_should_behave_like(desc.to_s)
  end
end

# ---------------------------------------------------------------- should

class Object
  NO_MATCHER_GIVEN = Object.new

  def should(matcher = NO_MATCHER_GIVEN, &block)
    MSpecLite.expectation_seen = true
    if NO_MATCHER_GIVEN.equal?(matcher)
      SpecPositiveOperatorMatcher.new(self)
    else
      matcher.block = block if block
      unless matcher.matches?(self)
        expected, actual = matcher.failure_message
        SpecExpectation.fail_with(expected, actual)
      end
    end
  end

  def should_not(matcher = NO_MATCHER_GIVEN, &block)
    MSpecLite.expectation_seen = true
    if NO_MATCHER_GIVEN.equal?(matcher)
      SpecNegativeOperatorMatcher.new(self)
    else
      matcher.block = block if block
      if matcher.matches?(self)
        expected, actual = matcher.negative_failure_message
        SpecExpectation.fail_with(expected, actual)
      end
    end
  end
end

class SpecExpectation
  def self.fail_with(expected, actual)
    e = expected.to_s
    a = actual.to_s
    raise SpecExpectationNotMetError, (e.size + a.size > 80 ? "#{e}\n#{a}" : "#{e} #{a}")
  end

  def self.fail_predicate(receiver, predicate, args, block, result, expectation)
    sep = predicate.to_s =~ /\A[a-z]/ ? "." : " "
    text = "Expected #{MSpecLite.format(receiver)}#{sep}#{predicate}"
    text += " " unless args.empty?
    text += args.map { |a| MSpecLite.format(a) }.join(", ")
    text += " { ... }" if block
    raise SpecExpectationNotMetError, "#{text}\n#{expectation} but was #{MSpecLite.format(result)}"
  end
end

class SpecPositiveOperatorMatcher < BasicObject
  def initialize(actual)
    @actual = actual
  end

  def ==(expected)
    result = @actual == expected
    ::SpecExpectation.fail_predicate(@actual, :==, [expected], nil, result, "to be truthy") unless result
  end

  def !=(expected)
    result = @actual != expected
    ::SpecExpectation.fail_predicate(@actual, :!=, [expected], nil, result, "to be truthy") unless result
  end

  def equal?(expected)
    result = @actual.equal?(expected)
    ::SpecExpectation.fail_predicate(@actual, :equal?, [expected], nil, result, "to be truthy") unless result
  end

  def method_missing(name, *args, &block)
    result = @actual.__send__(name, *args, &block)
    ::SpecExpectation.fail_predicate(@actual, name, args, block, result, "to be truthy") unless result
  end
end

class SpecNegativeOperatorMatcher < BasicObject
  def initialize(actual)
    @actual = actual
  end

  def ==(expected)
    result = @actual == expected
    ::SpecExpectation.fail_predicate(@actual, :==, [expected], nil, result, "to be falsy") if result
  end

  def !=(expected)
    result = @actual != expected
    ::SpecExpectation.fail_predicate(@actual, :!=, [expected], nil, result, "to be falsy") if result
  end

  def equal?(expected)
    result = @actual.equal?(expected)
    ::SpecExpectation.fail_predicate(@actual, :equal?, [expected], nil, result, "to be falsy") if result
  end

  def method_missing(name, *args, &block)
    result = @actual.__send__(name, *args, &block)
    ::SpecExpectation.fail_predicate(@actual, name, args, block, result, "to be falsy") if result
  end
end

# ---------------------------------------------------------------- matchers

# Base for simple matchers: a predicate plus messages.
class MSpecLiteMatcher
  attr_writer :block

  def initialize(expected, pred, text)
    @expected = expected
    @pred = pred
    @text = text
  end

  def matches?(actual)
    @actual = actual
    @pred.call(actual, @expected) ? true : false
  end

  def failure_message
    ["Expected #{MSpecLite.format(@actual)}", "to #{@text}"]
  end

  def negative_failure_message
    ["Expected #{MSpecLite.format(@actual)}", "not to #{@text}"]
  end
end

class RaiseErrorMatcher
  attr_writer :block

  def initialize(exception, message, &block)
    @exception = exception
    @message = message
    @block = block
    @actual = nil
  end

  def matches?(proc)
    @result = proc.call
    false
  rescue Exception => actual
    @actual = actual
    if matching_exception?(actual)
      @block.call(actual) if @block
      true
    else
      raise SpecExpectationNotMetError, failure_message.join(" ")
    end
  end

  def matching_exception?(exc)
    return false unless @exception === exc
    case @message
    when String then @message == exc.message
    when Regexp then @message =~ exc.message ? true : false
    else true
    end
  end

  def describe_exc(klass, message)
    message ? "#{klass} (#{message})" : klass.to_s
  end

  def failure_message
    msg = ["Expected #{describe_exc(@exception, @message)}"]
    if @actual
      msg << "but got: #{describe_exc(@actual.class, @actual.message)}"
    else
      msg << "but no exception was raised (#{MSpecLite.format(@result)} was returned)"
    end
    msg
  end

  def negative_failure_message
    msg = ["Expected to not get #{describe_exc(@exception, @message)}", ""]
    msg[1] = "but got: #{describe_exc(@actual.class, @actual.message)}" unless @actual.class == @exception
    msg
  end
end

# A String-like sink used in place of $stdout / $stderr.
class IOStub
  def initialize
    @output = +""
  end

  def write(*str)
    str.each { |s| @output << s.to_s }
    str.size
  end

  def <<(str)
    @output << str.to_s
    self
  end

  def print(*str)
    write(str.join("") + $\.to_s)
    nil
  end

  def puts(*str)
    if str.empty?
      write("\n")
    else
      str.flatten.each do |s|
        s = s.to_s
        write(s.end_with?("\n") ? s : s + "\n")
      end
    end
    nil
  end

  def printf(format, *args)
    write(sprintf(format, *args))
    nil
  end

  def flush
    self
  end

  def sync
    true
  end

  def sync=(v)
  end

  def tty?
    false
  end
  alias_method :isatty, :tty?

  def fileno
    nil
  end

  def to_s
    @output
  end
  alias_method :to_str, :to_s

  def ==(other)
    @output == other
  end

  def =~(other)
    @output =~ other
  end

  def inspect
    @output.inspect
  end

  def method_missing(name, *args, &block)
    @output.send(name, *args, &block)
  end
end

class ComplainMatcher
  attr_writer :block

  def initialize(complaint = nil, options = nil)
    if complaint.is_a?(Hash)
      @complaint = nil
      @options = complaint
    else
      @complaint = complaint
      @options = options || {}
    end
  end

  def matches?(proc)
    saved_err = $stderr
    verbose = $VERBOSE
    err = IOStub.new
    $stderr = err
    $VERBOSE = @options.key?(:verbose) ? @options[:verbose] : false
    begin
      proc.call
    ensure
      $VERBOSE = verbose
      $stderr = saved_err
    end
    @warning = err.to_s
    case @complaint
    when nil then nil
    when Regexp then return false unless @warning =~ @complaint
    else return false unless @warning == @complaint
    end
    !@warning.empty?
  end

  def failure_message
    if @complaint.nil?
      ["Expected a warning", "but received none"]
    else
      ["Expected warning: #{@complaint.inspect}", "but got: #{@warning.chomp.inspect}"]
    end
  end

  def negative_failure_message
    if @complaint.nil?
      ["Unexpected warning: ", @warning.chomp.inspect]
    else
      ["Expected warning not to match: #{@complaint.inspect}", "but got: #{@warning.chomp.inspect}"]
    end
  end
end

class OutputMatcher
  attr_writer :block

  def initialize(stdout, stderr)
    @out = stdout
    @err = stderr
  end

  def matches?(proc)
    saved_out = $stdout
    saved_err = $stderr
    @stdout = $stdout = IOStub.new
    @stderr = $stderr = IOStub.new
    begin
      proc.call
    ensure
      $stdout = saved_out
      $stderr = saved_err
    end
    return false unless output_matches?(@out, @stdout.to_s)
    return false unless output_matches?(@err, @stderr.to_s)
    true
  end

  def output_matches?(expected, actual)
    case expected
    when nil then true
    when Regexp then expected =~ actual ? true : false
    else expected == actual
    end
  end

  def failure_message
    exp = "\n"
    act = "\n"
    unless @out.nil?
      exp += "  $stdout: #{MSpecLite.format(@out)}\n"
      act += "  $stdout: #{MSpecLite.format(@stdout.to_s)}\n"
    end
    unless @err.nil?
      exp += "  $stderr: #{MSpecLite.format(@err)}\n"
      act += "  $stderr: #{MSpecLite.format(@stderr.to_s)}\n"
    end
    ["Expected:#{exp}", "     got:#{act}"]
  end

  def negative_failure_message
    ["Expected output not to be:\n", "  $stdout: #{@stdout.to_s.inspect}\n  $stderr: #{@stderr.to_s.inspect}"]
  end
end

class BeComputedByMatcher
  attr_writer :block

  def initialize(sym, *args)
    @method = sym
    @args = args
  end

  def matches?(array)
    array.each do |line|
      line = line.dup
      @receiver = line.shift
      @value = line.pop
      @arguments = line + @args
      @actual = @receiver.send(@method, *@arguments)
      return false unless @actual == @value
    end
    true
  end

  def failure_message
    ["Expected #{@value.inspect}",
     "to be computed by #{@receiver.inspect}.#{@method}(#{@arguments.map { |a| a.inspect }.join(", ")}) (computed #{@actual.inspect} instead)"]
  end
end

module MSpecMatchers
  private

  def raise_error(exception = Exception, message = nil, &block)
    RaiseErrorMatcher.new(exception, message, &block)
  end

  def complain(complaint = nil, options = nil)
    ComplainMatcher.new(complaint, options)
  end

  def output(stdout = nil, stderr = nil)
    OutputMatcher.new(stdout, stderr)
  end

  def be_computed_by(sym, *args)
    BeComputedByMatcher.new(sym, *args)
  end

  def be_nil
    MSpecLiteMatcher.new(nil, ->(a, e) { a.nil? }, "be nil")
  end

  def be_true
    MSpecLiteMatcher.new(true, ->(a, e) { a == true }, "be true")
  end

  def be_false
    MSpecLiteMatcher.new(false, ->(a, e) { a == false }, "be false")
  end

  def be_true_or_false
    MSpecLiteMatcher.new(nil, ->(a, e) { a == true || a == false }, "be true or false")
  end

  def be_empty
    MSpecLiteMatcher.new(nil, ->(a, e) { a.empty? }, "be empty")
  end

  def be_nan
    MSpecLiteMatcher.new(nil, ->(a, e) { a.kind_of?(Float) && a.nan? }, "be NaN")
  end

  def be_positive_zero
    MSpecLiteMatcher.new(nil, ->(a, e) { a == 0.0 && (1.0 / a) > 0 }, "be +0.0")
  end

  def be_negative_zero
    MSpecLiteMatcher.new(nil, ->(a, e) { a == 0.0 && (1.0 / a) < 0 }, "be -0.0")
  end

  def be_positive_infinity
    MSpecLiteMatcher.new(nil, ->(a, e) { a.kind_of?(Float) && a.infinite? == 1 }, "be Infinity")
  end

  def be_negative_infinity
    MSpecLiteMatcher.new(nil, ->(a, e) { a.kind_of?(Float) && a.infinite? == -1 }, "be -Infinity")
  end

  def be_kind_of(klass)
    MSpecLiteMatcher.new(klass, ->(a, e) { a.kind_of?(e) }, "be kind of #{klass}")
  end

  def be_an_instance_of(klass)
    MSpecLiteMatcher.new(klass, ->(a, e) { a.instance_of?(e) }, "be an instance of #{klass}")
  end

  def be_ancestor_of(klass)
    MSpecLiteMatcher.new(klass, ->(a, e) { e.ancestors.include?(a) }, "be an ancestor of #{klass}")
  end

  def equal(obj)
    MSpecLiteMatcher.new(obj, ->(a, e) { a.equal?(e) }, "be identical to #{MSpecLite.format(obj)}")
  end

  def eql(obj)
    MSpecLiteMatcher.new(obj, ->(a, e) { a.eql?(e) }, "be eql to #{MSpecLite.format(obj)}")
  end

  def include(*items)
    MSpecLiteMatcher.new(items, ->(a, e) { e.all? { |i| a.include?(i) } },
                         "include #{items.map { |i| MSpecLite.format(i) }.join(", ")}")
  end

  def include_any_of(*items)
    MSpecLiteMatcher.new(items, ->(a, e) { e.any? { |i| a.include?(i) } },
                         "include any of #{items.map { |i| MSpecLite.format(i) }.join(", ")}")
  end

  def be_close(expected, tolerance)
    MSpecLiteMatcher.new(expected, ->(a, e) { (a - e).abs <= tolerance }, "be within +/- #{tolerance} of #{expected}")
  end

  def respond_to(sym)
    MSpecLiteMatcher.new(sym, ->(a, e) { a.respond_to?(e) }, "respond to #{sym}")
  end

  def have_constant(name)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.constants.include?(e) }, "have constant #{name}")
  end

  def have_class_variable(name)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.class_variables.include?(e) }, "have class variable #{name}")
  end

  def have_instance_variable(name)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.instance_variables.include?(e) }, "have instance variable #{name}")
  end

  def have_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.methods(include_super).include?(e) }, "have method #{name}")
  end

  def have_singleton_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.singleton_methods(include_super).include?(e) }, "have singleton method #{name}")
  end

  def have_instance_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.instance_methods(include_super).include?(e) }, "have instance method #{name}")
  end

  def have_public_instance_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.public_instance_methods(include_super).include?(e) }, "have public instance method #{name}")
  end

  def have_private_instance_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.private_instance_methods(include_super).include?(e) }, "have private instance method #{name}")
  end

  def have_protected_instance_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.protected_instance_methods(include_super).include?(e) }, "have protected instance method #{name}")
  end

  def have_private_method(name, include_super = true)
    MSpecLiteMatcher.new(name.to_sym, ->(a, e) { a.private_methods(include_super).include?(e) }, "have private method #{name}")
  end

  def skip(reason = "no reason")
    raise SkippedSpecError, reason
  end
end

# ---------------------------------------------------------------- mocks

class MockObject
  def initialize(name, options = {})
    @name = name
    @null = options[:null_object]
  end

  def method_missing(sym, *args, &block)
    @null ? self : super
  end
  private :method_missing
end

class NumericMockObject < Numeric
  def initialize(name, options = {})
    @name = name
    @null = options[:null_object]
  end

  def method_missing(sym, *args, &block)
    @null ? self : super
  end

  def singleton_method_added(val)
  end
end

class MockIntObject
  def initialize(val)
    @value = val
    @calls = 0
    key = [self, :to_int]
    Mock.objects[key] = self
    Mock.mocks[key] << self
  end

  attr_reader :calls

  def to_int
    @calls += 1
    @value.to_int
  end

  def count
    [:at_least, 1]
  end

  def arguments
    :any_args
  end
end

class MockProxy
  attr_reader :raising, :yielding, :arguments

  def initialize(type = nil)
    @multiple_returns = nil
    @returning = nil
    @raising = nil
    @yielding = []
    @arguments = :any_args
    @type = type || :mock
  end

  def mock?
    @type == :mock
  end

  def stub?
    @type == :stub
  end

  def count
    @count ||= mock? ? [:exactly, 1] : [:any_number_of_times, 0]
  end

  def returning
    if @multiple_returns
      if @returning.size == 1
        @multiple_returns = false
        return @returning = @returning.shift
      end
      return @returning.shift
    end
    @returning
  end

  def times
    self
  end

  def calls
    @calls ||= 0
  end

  def called
    @calls = calls + 1
  end

  def exactly(n)
    @count = [:exactly, n_times(n)]
    self
  end

  def at_least(n)
    @count = [:at_least, n_times(n)]
    self
  end

  def at_most(n)
    @count = [:at_most, n_times(n)]
    self
  end

  def once
    exactly(1)
  end

  def twice
    exactly(2)
  end

  def any_number_of_times
    @count = [:any_number_of_times, 0]
    self
  end

  def with(*args)
    raise ArgumentError, "you must specify the expected arguments" if args.empty?
    @arguments = args.length == 1 ? args.first : args
    self
  end

  def and_return(*args)
    case args.size
    when 0 then @returning = nil
    when 1 then @returning = args[0]
    else
      @multiple_returns = true
      @returning = args
      count[1] = args.size if count[1] < args.size
    end
    self
  end

  def and_raise(exception)
    @raising = exception.kind_of?(String) ? RuntimeError.new(exception) : exception
    self
  end

  def raising?
    !@raising.nil?
  end

  def and_yield(*args)
    @yielding << args
    self
  end

  def yielding?
    !@yielding.empty?
  end

  private

  def n_times(n)
    case n
    when :once then 1
    when :twice then 2
    else Integer(n)
    end
  end
end

module Mock
  def self.reset
    @mocks = @stubs = @objects = nil
  end

  def self.objects
    @objects ||= {}
  end

  def self.mocks
    @mocks ||= Hash.new { |h, k| h[k] = [] }
  end

  def self.stubs
    @stubs ||= Hash.new { |h, k| h[k] = [] }
  end

  def self.replaced_name(key)
    :"__mspec_#{key.last}__"
  end

  def self.replaced_key(obj, sym)
    [obj.__id__, sym]
  end

  def self.replaced?(key)
    mocks.include?(key) || stubs.include?(key)
  end

  def self.clear_replaced(key)
    mocks.delete(key)
    stubs.delete(key)
  end

  def self.mock_respond_to?(obj, sym, include_private = false)
    key = replaced_key(obj, :respond_to?)
    if replaced?(key)
      obj.__send__(replaced_name(key), sym, include_private)
    else
      obj.respond_to?(sym, include_private)
    end
  end

  def self.install_method(obj, sym, type = nil)
    meta = obj.singleton_class
    key = replaced_key(obj, sym)
    sym = sym.to_sym

    return if type == :stub && mocks.key?(key)

    if (sym == :respond_to? || mock_respond_to?(obj, sym, true)) && !replaced?(key)
      meta.__send__(:alias_method, replaced_name(key), sym)
    end

    verbose = $VERBOSE
    $VERBOSE = nil
    begin
      meta.__send__(:define_method, sym) do |*args, &block|
        Mock.verify_call(self, sym, *args, &block)
      end
    ensure
      $VERBOSE = verbose
    end

    proxy = MockProxy.new(type)
    MSpecLite.expectation_seen = true if proxy.mock?
    stubs.delete(key) if proxy.mock? && stubs.key?(key)
    if proxy.stub?
      stubs[key].unshift(proxy)
    else
      mocks[key] << proxy
    end
    objects[key] = obj
    proxy
  end

  def self.name_or_inspect(obj)
    obj.instance_variable_get(:@name) || obj.inspect
  end

  def self.inspect_args(args)
    "(#{Array(args).map { |a| a.inspect }.join(', ')})"
  end

  def self.verify_count
    mocks.each do |key, proxies|
      obj = objects[key]
      proxies.each do |proxy|
        qualifier, count = proxy.count
        pass = case qualifier
               when :at_least then proxy.calls >= count
               when :at_most then proxy.calls <= count
               when :exactly then proxy.calls == count
               when :any_number_of_times then true
               else false
               end
        next if pass
        SpecExpectation.fail_with(
          "Mock '#{name_or_inspect(obj)}' expected to receive #{key.last}#{inspect_args(proxy.arguments)} " \
          "#{qualifier.to_s.sub('_', ' ')} #{count} times",
          "but received it #{proxy.calls} times")
      end
    end
  end

  def self.verify_call(obj, sym, *args, &block)
    compare = *args
    compare = compare.first if compare.length <= 1
    key = replaced_key(obj, sym)
    [mocks, stubs].each do |proxies|
      proxies.fetch(key, []).each do |proxy|
        pass = case proxy.arguments
               when :any_args then true
               when :no_args then compare.nil?
               else proxy.arguments == compare
               end

        if proxy.yielding?
          if block
            proxy.yielding.each do |args_to_yield|
              if block.arity == -1 || block.arity == args_to_yield.size
                block.call(*args_to_yield)
              else
                SpecExpectation.fail_with("Mock '#{name_or_inspect(obj)}' asked to yield " \
                                          "|#{proxy.yielding.join(', ')}| on #{sym}\n",
                                          "but a block with arity #{block.arity} was passed")
              end
            end
          else
            SpecExpectation.fail_with("Mock '#{name_or_inspect(obj)}' asked to yield on #{sym}\n",
                                      "but no block was passed")
          end
        end

        if pass
          proxy.called
          raise proxy.raising if proxy.raising?
          return proxy.returning
        end
      end
    end

    if sym.to_sym == :respond_to?
      mock_respond_to?(obj, *args)
    else
      SpecExpectation.fail_with("Mock '#{name_or_inspect(obj)}': method #{sym}\n",
                                "called with unexpected arguments #{inspect_args(args)}")
    end
  end

  def self.cleanup
    objects.each do |key, obj|
      if obj.kind_of?(MockIntObject)
        clear_replaced(key)
        next
      end
      replaced = replaced_name(key)
      sym = key.last
      meta = obj.singleton_class
      if mock_respond_to?(obj, replaced, true)
        verbose = $VERBOSE
        $VERBOSE = nil
        begin
          meta.__send__(:alias_method, sym, replaced)
        ensure
          $VERBOSE = verbose
        end
        meta.__send__(:remove_method, replaced)
      else
        meta.__send__(:remove_method, sym)
      end
      clear_replaced(key)
    end
  ensure
    reset
  end
end

class Object
  def should_receive(sym)
    Mock.install_method(self, sym)
  end

  def should_not_receive(sym)
    proxy = Mock.install_method(self, sym)
    proxy.exactly(0).times
  end

  def stub!(sym)
    Mock.install_method(self, sym, :stub)
  end

  private

  def mock(name, options = {})
    MockObject.new(name, options)
  end

  def mock_int(val)
    MockIntObject.new(val)
  end

  def mock_numeric(name, options = {})
    NumericMockObject.new(name, options)
  end
end

# ---------------------------------------------------------------- guards

class SpecVersion
  include Comparable

  def initialize(version, ceil = false)
    @version = version
    @ceil = ceil
  end

  def to_s
    @version
  end

  def to_str
    to_s
  end

  def to_i
    major, minor, tiny = @version.split(".")
    tiny = 99 if @ceil && !tiny
    major.to_i * 10000 + minor.to_i * 100 + tiny.to_i
  end

  def to_int
    to_i
  end

  def <=>(other)
    other = other.respond_to?(:to_int) ? Integer(other.to_int) : SpecVersion.new(String(other)).to_i
    to_i <=> other
  end
end

class SpecGuard
  def run_if(&block)
    ok = match?
    block ? (yield if ok) : ok
  end

  def run_unless(&block)
    ok = !match?
    block ? (yield if ok) : ok
  end
end

class VersionGuard < SpecGuard
  FULL_RUBY_VERSION = SpecVersion.new(MSpecLite.ruby_version.split(".")[0, 3].join("."))

  def initialize(version, requirement)
    @version = version.is_a?(SpecVersion) ? version : SpecVersion.new(version)
    if requirement.is_a?(Range)
      a = SpecVersion.new(requirement.begin)
      b = SpecVersion.new(requirement.end)
      @requirement = requirement.exclude_end? ? (a...b) : (a..b)
    else
      @requirement = SpecVersion.new(requirement)
    end
  end

  def match?
    if @requirement.is_a?(Range)
      @requirement.include?(@version)
    else
      @version >= @requirement
    end
  end
end

class BugGuard < VersionGuard
  def initialize(bug, requirement)
    super(FULL_RUBY_VERSION, requirement)
    @requirement = SpecVersion.new(requirement, true) if requirement.is_a?(String)
  end

  def match?
    return false unless PlatformGuard.standard?
    if @requirement.is_a?(Range)
      super
    else
      FULL_RUBY_VERSION <= @requirement
    end
  end
end

class PlatformGuard < SpecGuard
  def self.implementation?(*args)
    args.any? { |name| MSpecLite.engine.start_with?(name == :rubinius ? "rbx" : name.to_s) }
  end

  def self.standard?
    implementation?(:ruby)
  end

  PLATFORM = MSpecLite.platform

  def self.os?(*oses)
    oses.any? do |os|
      case os
      when :windows then PLATFORM =~ /(mswin|mingw)/ ? true : false
      when :wsl then false
      else PLATFORM.include?(os.to_s)
      end
    end
  end

  def self.windows?
    os?(:windows)
  end

  def self.wasi?
    os?(:wasi)
  end

  POINTER_SIZE = 64
  C_LONG_SIZE = 64

  def self.pointer_size?(size)
    size == POINTER_SIZE
  end

  def self.c_long_size?(size)
    size == C_LONG_SIZE
  end

  def initialize(*args)
    if args.last.is_a?(Hash)
      @options = args.last
      @platforms = args[0..-2]
    else
      @options = {}
      @platforms = args
    end
  end

  def match?
    match = @platforms.empty? ? true : PlatformGuard.os?(*@platforms)
    @options.each do |key, value|
      case key
      when :os then match &&= PlatformGuard.os?(*value)
      when :pointer_size then match &&= PlatformGuard.pointer_size?(value)
      when :wordsize, :c_long_size then match &&= PlatformGuard.c_long_size?(value)
      end
    end
    match
  end
end

class FeatureGuard < SpecGuard
  def self.enabled?(*features)
    features.all? { |f| MSpec.feature_enabled?(f) }
  end

  def initialize(*features)
    @features = features
  end

  def match?
    FeatureGuard.enabled?(*@features)
  end
end

class ImplGuard < SpecGuard
  def initialize(*impls)
    @impls = impls
  end

  def match?
    PlatformGuard.implementation?(*@impls)
  end
end

class Object
  private

  def ruby_version_is(requirement, &block)
    VersionGuard.new(VersionGuard::FULL_RUBY_VERSION, requirement).run_if(&block)
  end

  def version_is(base, requirement, &block)
    VersionGuard.new(base, requirement).run_if(&block)
  end

  def ruby_bug(bug, requirement, &block)
    BugGuard.new(bug, requirement).run_unless(&block)
  end

  def platform_is(*args, &block)
    PlatformGuard.new(*args).run_if(&block)
  end

  def platform_is_not(*args, &block)
    PlatformGuard.new(*args).run_unless(&block)
  end

  def guard(condition, &block)
    raise "condition must be a Proc" unless condition.is_a?(Proc)
    raise LocalJumpError, "no block given" unless block
    yield if condition.call
  end

  def guard_not(condition, &block)
    raise "condition must be a Proc" unless condition.is_a?(Proc)
    raise LocalJumpError, "no block given" unless block
    yield unless condition.call
  end

  def with_feature(*features, &block)
    FeatureGuard.new(*features).run_if(&block)
  end

  def without_feature(*features, &block)
    FeatureGuard.new(*features).run_unless(&block)
  end

  def not_supported_on(*impls, &block)
    ImplGuard.new(*impls).run_unless(&block)
  end

  def not_compliant_on(*impls, &block)
    ImplGuard.new(*impls).run_unless(&block)
  end

  def deviates_on(*impls, &block)
    ImplGuard.new(*impls).run_if(&block)
  end

  def extended_on(*impls, &block)
    ImplGuard.new(*impls).run_if(&block)
  end

  def conflicts_with(*names, &block)
    yield if block
  end

  def big_endian(&block)
    nil
  end

  def little_endian(&block)
    yield if block
  end

  def as_superuser(&block)
    yield if Process.euid == 0
  end

  def as_user(&block)
    yield unless Process.euid == 0
  end

  def quarantine!(&block)
    nil
  end

  def slow_test(&block)
    yield
  end

  def kernel_version_is(requirement, &block)
    nil
  end
end

# ---------------------------------------------------------------- helpers

module ScratchPad
  def self.clear
    @record = nil
  end

  def self.record(arg)
    @record = arg
  end

  def self.<<(arg)
    @record << arg
  end

  def self.recorded
    @record
  end

  def self.inspect
    "<ScratchPad @record=#{@record.inspect}>"
  end
end

# tmp() puts files here; run_file.rb removes it at exit unless SPEC_TEMP_DIR
# was given.
SPEC_TEMP_DIR = ENV["SPEC_TEMP_DIR"] || "#{ENV["TMPDIR"] || "/tmp"}/mspec-lite-#{Process.pid}"
SPEC_TEMP_UNIQUIFIER = +"0"
# The interpreter ruby_exe runs: RUBY_EXE, else this one if RbConfig knows it.
RUBY_EXE = ENV["RUBY_EXE"] || (defined?(RbConfig) && RbConfig.respond_to?(:ruby) ? RbConfig.ruby : nil)

class Object
  private

  def fixture(file, *args)
    path = File.dirname(file)
    path = path[0..-8] if path.end_with?("/shared")
    fixtures = path.end_with?("/fixtures") ? "" : "fixtures"
    path = File.respond_to?(:realpath) ? File.realpath(path) : File.expand_path(path)
    File.join(path, fixtures, *args)
  end

  def tmp(name, uniquify = true)
    mkdir_p(SPEC_TEMP_DIR) unless File.directory?(SPEC_TEMP_DIR)
    if uniquify && !name.empty?
      slash = name.rindex("/")
      index = slash ? slash + 1 : 0
      name = name.dup
      name.insert(index, "#{SPEC_TEMP_UNIQUIFIER.succ!}-")
    end
    File.join(SPEC_TEMP_DIR, name)
  end

  def mkdir_p(path)
    parts = File.expand_path(path).split("/")
    cur = ""
    parts.each do |p|
      next if p.empty?
      cur += "/" + p
      Dir.mkdir(cur) unless File.directory?(cur)
    end
  end

  def rm_r(*paths)
    paths.each do |path|
      path = File.expand_path(path)
      if File.symlink?(path) || File.file?(path)
        File.delete(path)
      elsif File.directory?(path)
        Dir.entries(path).each do |e|
          next if e == "." || e == ".."
          rm_r(File.join(path, e))
        end
        Dir.rmdir(path)
      elsif File.exist?(path)
        File.delete(path)
      end
    end
  end

  def touch(name, mode = "w")
    mkdir_p(File.dirname(name))
    File.open(name, mode) { |f| yield f if block_given? }
  end

  def cp(source, dest)
    File.open(dest, "wb") { |d| File.open(source, "rb") { |s| d.write(s.read) } }
  end

  def flunk(msg = "This example is a failure")
    SpecExpectation.fail_with("Failed:", msg)
  end

  def suppress_warning
    verbose = $VERBOSE
    $VERBOSE = nil
    yield
  ensure
    $VERBOSE = verbose
  end

  def suppress_keyword_warning(&block)
    suppress_warning(&block)
  end

  def nan_value
    0 / 0.0
  end

  def infinity_value
    1 / 0.0
  end

  def bignum_value(plus = 0)
    (2**64) + plus
  end

  def fixnum_max
    (2**62) - 1
  end

  def fixnum_min
    -(2**62)
  end

  def max_long
    2**63 - 1
  end

  def min_long
    -(2**63)
  end

  def ruby_cmd(code, opts = {})
    body = code
    body = "-e #{code.inspect}" if code && !File.exist?(code)
    [RUBY_EXE, opts[:options], body, opts[:args]].compact.join(" ")
  end

  # Runs the interpreter under test in a subprocess (through the shell, as
  # MSpec does) and returns its standard output.
  def ruby_exe(code = :not_given, opts = {})
    raise "ruby_exe: set RUBY_EXE to the interpreter under test" unless RUBY_EXE
    return RUBY_EXE.split(" ") if code == :not_given
    raise "ruby_exe(..., dir: dir) is no longer supported, use Dir.chdir" if opts[:dir]

    env = opts[:env] || {}
    saved_env = {}
    env.each do |key, value|
      key = key.to_s
      saved_env[key] = ENV[key] if ENV.key?(key)
      ENV[key] = value
    end

    tmpfile = nil
    escape = opts[:escape]
    if code && !File.exist?(code) && escape != false
      tmpfile = tmp("rubyexe.rb")
      File.open(tmpfile, "w") { |f| f.write(code) }
      code = tmpfile
    end

    expected_status = opts.fetch(:exit_status, 0)
    begin
      command = ruby_cmd(code, opts)
      output = `#{command}`
      status = $?
      exit_status = if status.exited?
                      status.exitstatus
                    elsif status.signaled?
                      :"SIG#{Signal.signame(status.termsig)}"
                    end
      if exit_status != expected_status
        formatted = output.lines.map { |line| "  #{line}" }.join
        raise SpecExpectationNotMetError,
              "Expected exit status is #{expected_status.inspect} but actual is #{exit_status.inspect} " \
              "for command ruby_exe(#{command.inspect})\nOutput:\n#{formatted}"
      end
      output
    ensure
      saved_env.each { |key, value| ENV[key] = value }
      env.keys.each do |key|
        key = key.to_s
        ENV.delete(key) unless saved_env.key?(key)
      end
      File.delete(tmpfile) if tmpfile && File.exist?(tmpfile)
    end
  end
end

# `evaluate <<-ruby do ... end`: an example whose description shows the
# code, which is evaluated (instance_eval of the string) before the block.
class SpecEvaluate
  include MSpecMatchers

  def self.desc=(desc)
    @desc = desc
  end

  def self.desc
    @desc ||= "evaluates "
  end

  def initialize(ruby, desc)
    @ruby = ruby.rstrip
    @desc = desc || self.class.desc
  end

  def format(ruby)
    if ruby.include?("\n")
      lines = ruby.each_line.to_a
      if /( *)/ =~ lines.first
        if $1.size > 4
          dedent = $1.size - 4
          ruby = lines.map { |l| l[dedent..-1] }.join
        else
          indent = " " * (4 - $1.size)
          ruby = lines.map { |l| "#{indent}#{l}" }.join
        end
      end
      "\n#{ruby}"
    else
      "'#{ruby.lstrip}'"
    end
  end

  def define(&block)
    ruby = @ruby
    evaluator = self
    it("#{@desc} #{format(ruby)}") do
      evaluator.instance_eval(ruby)
      evaluator.instance_eval(&block)
    end
  end
end

class Object
  private

  def evaluate(str, desc = nil, &block)
    SpecEvaluate.new(str, desc).define(&block)
  end
end

# As MSpec does: deprecation warnings on (ruby/spec tests them),
# experimental warnings off.
if Object.const_defined?(:Warning) && Warning.respond_to?(:[]=)
  Warning[:deprecated] = true
  Warning[:experimental] = false
end
