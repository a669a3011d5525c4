# minitest (a bundled gem, found through rubygems) runs a test file with
# failures, errors and skips. The seed is fixed by the program's own
# arguments and the clock is a counter, so the report is the same every run.
ARGV.replace(%w[--seed 42])
require "minitest/autorun"

module Minitest
  @ticks = 0.0
  def self.clock_time
    @ticks += 0.25
  end
end

class TestCalc < Minitest::Test
  def setup
    @list = [3, 1, 2]
  end

  def test_add
    assert_equal 4, 2 + 2
  end

  def test_sort
    assert_equal [1, 2, 3], @list.sort
    refute_empty @list
    assert_predicate 4, :even?
  end

  def test_fail
    assert_equal [1, 2, 3], [1, 2, 4]
  end

  def test_fail_message
    assert 1 > 2, "one is not more than two"
  end

  def test_error
    raise ArgumentError, "boom"
  end

  def test_skip
    skip "not now"
  end

  def test_includes
    assert_includes %w[a b], "c"
  end

  def test_raises
    e = assert_raises(ZeroDivisionError) { 1 / 0 }
    assert_match(/divided/, e.message)
  end

  def test_raises_wrong
    assert_raises(KeyError) { raise IndexError, "nope" }
  end

  def test_in_delta
    assert_in_delta 0.3, 0.1 + 0.2
    assert_in_delta 1.0, 1.5, 0.1
  end

  def test_output
    assert_output("hi\n") { puts "hi" }
    assert_output(/x/) { print "abc" }
  end

  def test_nil
    assert_nil 1
  end

  def test_same_string_diff
    assert_equal "line one\nline two\nline three\n", "line one\nline 2\nline three\n"
  end
end

describe "a spec" do
  before { @h = {a: 1} }

  it "fetches" do
    _(@h.fetch(:a)).must_equal 1
  end

  it "fails as a spec" do
    _(@h).must_be_empty
  end

  it "expects an exception" do
    _ { @h.fetch(:b) }.must_raise KeyError
  end
end
