# minitest with --verbose, all passing (exit status 0), minitest/mock and
# minitest/pride-free plain output; the seed and the clock are the
# program's own.
ARGV.replace(%w[--verbose --seed 7])
require "minitest/autorun"
require "minitest/mock"

module Minitest
  @ticks = 0.0
  def self.clock_time
    @ticks += 0.5
  end
end

class Greeter
  def initialize(io) = @io = io
  def greet(name) = @io.write("hello #{name}")
end

class TestGreeter < Minitest::Test
  def test_mock
    io = Minitest::Mock.new
    io.expect(:write, 11, ["hello world"])
    assert_equal 11, Greeter.new(io).greet("world")
    io.verify
  end

  def test_stub
    Time.stub(:now, Time.at(0)) do
      assert_equal 0, Time.now.to_i
    end
  end

  def test_silent
    assert_silent { 1 + 1 }
  end

  def test_throws
    assert_throws(:done) { throw :done }
  end

  def test_same_and_kind
    s = "x"
    assert_same s, s
    assert_kind_of Numeric, 1.5
    assert_instance_of Hash, {}
    assert_respond_to [], :push
    assert_operator 3, :>, 2
    refute_nil 0
  end
end

describe Array do
  it "is empty when new" do
    _(Array.new).must_be_empty
    _([1, 2]).must_include 2
    _([3, 1].sort).must_equal [1, 3]
  end

  describe "nested" do
    it "counts" do
      _([1, 2, 3].count(&:odd?)).must_equal 2
      expect([1].first).must_be :==, 1
    end
  end
end
