# test-unit (a bundled gem, found through rubygems) runs a test case with
# passes, failures, errors, omissions and pendings. The elapsed time the
# console runner reports is fixed by the program, so every run prints the same.
require "test/unit"
require "test/unit/ui/console/testrunner"

module FixedElapsed
  def finished(_elapsed_time)
    super(2.0)
  end
end
Test::Unit::UI::Console::TestRunner.prepend(FixedElapsed)

class TestCalc < Test::Unit::TestCase
  def setup
    @list = [3, 1, 2]
  end

  def test_add
    assert_equal(4, 2 + 2)
    assert_true(@list.include?(1))
  end

  def test_fail
    assert_equal([1, 2, 3], [1, 2, 4])
  end

  def test_fail_string
    assert_equal("line one\nline two\n", "line one\nline 2\n")
  end

  def test_error
    raise ArgumentError, "boom"
  end

  def test_omit
    omit("not now")
  end

  def test_pend
    pend("later")
  end

  def test_raise
    assert_raise(ZeroDivisionError) { 1 / 0 }
    assert_raise_message(/divided/) { 1 / 0 }
  end

  def test_raise_none
    assert_raise(KeyError) { :nothing }
  end

  def test_nil_and_match
    assert_nil(nil)
    assert_match(/ab/, "cab")
    assert_not_nil(1)
    assert_in_delta(0.3, 0.1 + 0.2, 0.001)
  end

  def test_notify
    notify("a note")
    assert_compare(1, "<", 2)
  end

  data("one" => [1, 1], "two" => [2, 3])
  def test_data(data)
    expected, actual = data
    assert_equal(expected, actual)
  end
end

class TestOther < Test::Unit::TestCase
  def test_block
    assert_block("never true") { false }
  end

  def test_instance_of
    assert_instance_of(String, :sym)
  end
end
