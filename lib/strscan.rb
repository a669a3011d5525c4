# frozen_string_literal: true
#
# StringScanner (CRuby's strscan API) in Ruby: a byte position into a
# string, and regexp matches anchored there. Each pattern is matched as
# `\A(?:pattern)` against the rest of the string (compiled once per
# pattern); positions are byte offsets, as in CRuby.
class StringScanner
  class Error < StandardError; end
  ScanError = Error

  Version = "3.0.1"
  Id = "carmine"

  def self.must_C_version = self

  attr_reader :string

  def initialize(string, _dup = false, fixed_anchor: false)
    @string = string
    @pos = 0
    @match = nil
    @last_pos = 0
    @anchored = {}
  end

  def string=(str)
    @string = str
    reset
    str
  end

  def concat(str)
    @string << str
    self
  end
  alias << concat

  def pos = @pos
  alias pointer pos

  def pos=(n)
    n += @string.bytesize if n < 0
    raise RangeError, "index out of range" if n < 0 || n > @string.bytesize
    @pos = n
  end
  alias pointer= pos=

  def charpos = @string.byteslice(0, @pos).length

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

  def eos? = @pos >= @string.bytesize
  alias empty? eos?

  def rest = @string.byteslice(@pos, @string.bytesize - @pos) || ""
  def rest? = !eos?
  def rest_size = @string.bytesize - @pos
  alias restsize rest_size

  def beginning_of_line?
    @pos == 0 || @string.getbyte(@pos - 1) == 10
  end
  alias bol? beginning_of_line?

  def scan(pattern) = __do(pattern, true, true, true)
  def match?(pattern) = __do(pattern, false, false, true)
  def skip(pattern) = __do(pattern, true, false, true)
  def check(pattern) = __do(pattern, false, true, true)
  def scan_until(pattern) = __do(pattern, true, true, false)
  def exist?(pattern) = __do(pattern, false, false, false)
  def skip_until(pattern) = __do(pattern, true, false, false)
  def check_until(pattern) = __do(pattern, false, true, false)
  def search_full(pattern, advance, return_str) = __do(pattern, advance, return_str, false)
  def scan_full(pattern, advance, return_str) = __do(pattern, advance, return_str, true)

  def getch
    return nil if eos?
    c = rest[0]
    __set_simple(c)
  end

  def get_byte
    return nil if eos?
    __set_simple(@string.byteslice(@pos, 1))
  end
  alias getbyte get_byte

  def scan_byte
    return nil if eos?
    b = @string.getbyte(@pos)
    get_byte
    b
  end

  def peek(len) = @string.byteslice(@pos, len) || ""
  alias peep peek

  def unscan
    raise Error, "unscan error: nothing to unscan" unless @match
    @pos = @last_pos
    @match = nil
    self
  end

  def matched? = !@match.nil?
  def matched = @match && @match[:str]
  def matched_size = @match && @match[:str].bytesize

  def pre_match
    @match && @string.byteslice(0, @match[:start])
  end

  def post_match
    return nil unless @match
    e = @match[:start] + @match[:str].bytesize
    @string.byteslice(e, @string.bytesize - e)
  end

  def [](i)
    return nil unless @match
    md = @match[:md]
    return (i.zero? ? @match[:str] : nil) unless md
    if i.is_a?(Symbol) || i.is_a?(String)
      raise IndexError, "undefined group name reference: #{i}" unless md.names.include?(i.to_s)
    end
    md[i]
  end

  def captures
    return nil unless @match
    md = @match[:md]
    md ? md.captures : []
  end

  def size = @match && (@match[:md] ? @match[:md].size : 1)

  def values_at(*idx) = @match && idx.map { self[_1] }

  def named_captures = @match&.dig(:md)&.named_captures || {}

  def inspect
    return "#<StringScanner fin>" if eos?
    before = @pos.zero? ? "" : " #{__excerpt_before.inspect}"
    "#<StringScanner #{@pos}/#{@string.bytesize}#{before} @ #{__excerpt_after.inspect}>"
  end

  def fixed_anchor? = false

  private

  def __excerpt_before
    s = @string.byteslice([@pos - 5, 0].max, [@pos, 5].min)
    @pos > 5 ? "...#{s}" : s
  end

  def __excerpt_after
    s = @string.byteslice(@pos, 5)
    @string.bytesize - @pos > 5 ? "#{s}..." : s
  end

  def __set_simple(str)
    @last_pos = @pos
    @match = { start: @pos, str: str, md: nil }
    @pos += str.bytesize
    str
  end

  def __anchored(re)
    @anchored[re] ||= Regexp.new("\\A(?:#{re.source})", re.options)
  end

  # The common engine: match at the position (anchored) or search from it,
  # then optionally advance and return the matched string (or a length).
  def __do(pattern, advance, return_str, anchored)
    rest = self.rest
    if pattern.is_a?(String)
      if anchored
        return __miss unless rest.start_with?(pattern)
        start = 0
        str = pattern.dup
        md = nil
      else
        i = rest.index(pattern)
        return __miss unless i
        start = rest[0, i].bytesize
        str = pattern.dup
        md = nil
      end
    else
      raise TypeError, "wrong argument type #{pattern.class} (expected Regexp)" unless pattern.is_a?(Regexp)
      md = anchored ? __anchored(pattern).match(rest) : pattern.match(rest)
      return __miss unless md
      start = md.pre_match.bytesize
      str = md[0]
    end
    @last_pos = @pos
    @match = { start: @pos + start, str: str, md: md }
    consumed = start + str.bytesize
    @pos += consumed if advance
    if return_str
      anchored ? str : rest.byteslice(0, consumed)
    else
      consumed
    end
  end

  def __miss
    @match = nil
    nil
  end
end
