# frozen_string_literal: true
#
# StringScanner (CRuby's strscan 3.0.1 API): a byte position into a
# string, and regexp matches anchored there. The matching methods, the
# position and the last match's readers are native
# (src/builtins/strscan.rs, installed by define_strscan below); this file
# keeps construction, reset and inspect. State: @string, @pos (a byte
# offset), @prev (the position before the last match) and @match (a
# MatchData over @string, or nil).
class StringScanner
  class Error < StandardError; end
  ScanError = Error

  Version = "3.0.1"
  Id = "$Id$"

  def self.must_C_version = self

  attr_reader :string

  def initialize(string, _dup = false, fixed_anchor: false)
    @string = __str(string)
    @pos = 0
    @prev = 0
    @match = nil
  end

  def string=(str)
    @string = __str(str)
    reset
    str
  end

  def concat(str)
    @string << str
    self
  end
  alias << concat

  def pos=(n)
    n = Integer(n)
    n += @string.bytesize if n < 0
    raise RangeError, "index out of range" if n < 0 || n > @string.bytesize
    @pos = n
  end
  alias pointer= pos=

  def reset
    @pos = 0
    @match = nil
    self
  end

  def terminate
    @pos = @string.bytesize
    @match = nil
    self
  end
  alias clear terminate

  def beginning_of_line?
    @pos == 0 || @string.getbyte(@pos - 1) == 10
  end
  alias bol? beginning_of_line?

  def scan_byte
    return nil if eos?
    b = @string.getbyte(@pos)
    get_byte
    b
  end

  def values_at(*idx) = matched? ? idx.map { self[_1] } : nil

  def inspect
    return "#<StringScanner fin>" if eos?
    before = @pos.zero? ? "" : " #{__excerpt_before.inspect}"
    "#<StringScanner #{@pos}/#{@string.bytesize}#{before} @ #{__excerpt_after.inspect}>"
  end

  def fixed_anchor? = false

  RubyVM::Prelude.define_strscan(self)

  private

  def __str(s)
    return s if String === s
    return s.to_str if s.respond_to?(:to_str)
    raise TypeError, "no implicit conversion of #{s.nil? ? "nil" : s.class} into String"
  end

  def __excerpt_before
    s = @string.byteslice([@pos - 5, 0].max, [@pos, 5].min)
    @pos > 5 ? "...#{s}" : s
  end

  def __excerpt_after
    s = @string.byteslice(@pos, 5)
    @string.bytesize - @pos > 5 ? "#{s}..." : s
  end
end
