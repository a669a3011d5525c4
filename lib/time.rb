# frozen_string_literal: true
#
# time.rb: Time extensions from Ruby's 'time' library (require 'time'):
# ISO 8601 / XML Schema output and a parser for the common formats.
class Time
  def xmlschema(digits = 0)
    frac = digits.positive? ? "." + format("%09d", nsec)[0, digits] : ""
    off = utc? ? "Z" : strftime("%:z")
    strftime("%Y-%m-%dT%H:%M:%S") + frac + off
  end
  alias iso8601 xmlschema

  def httpdate = getutc.strftime("%a, %d %b %Y %H:%M:%S GMT")
  def rfc2822 = strftime("%a, %d %b %Y %H:%M:%S ") + (utc? ? "-0000" : strftime("%z"))
  alias rfc822 rfc2822

  class << self
    ISO = /\A\s*(-?\d{4})-(\d\d)-(\d\d)(?:[T\s](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?)?\s*(Z|UTC|[+-]\d\d:?\d\d)?\s*\z/i

    def xmlschema(str)
      m = ISO.match(str) or raise ArgumentError, "invalid xmlschema format: #{str.inspect}"
      __from_match(m)
    end
    alias iso8601 xmlschema

    def parse(str, now = nil)
      m = ISO.match(str)
      return __from_match(m) if m
      if (m = /\A\s*(\d{4})\/(\d\d?)\/(\d\d?)(?:\s+(\d\d?):(\d\d)(?::(\d\d))?)?\s*\z/.match(str))
        return local(m[1].to_i, m[2].to_i, m[3].to_i, m[4].to_i, m[5].to_i, m[6].to_i)
      end
      if (m = /\A\s*(\d\d?):(\d\d)(?::(\d\d))?\s*\z/.match(str))
        n = now || Time.now
        return local(n.year, n.month, n.day, m[1].to_i, m[2].to_i, m[3].to_i)
      end
      raise ArgumentError, "no time information in #{str.inspect}"
    end

    def __from_match(m)
      sec = m[6].to_i + (m[7] ? m[7].to_r : 0)
      zone = m[8]
      zone = "UTC" if zone&.upcase == "Z"
      zone = zone.sub(/(\d\d)(\d\d)\z/, '\1:\2') if zone && zone =~ /\A[+-]\d{4}\z/
      t = Time.new(m[1].to_i, m[2].to_i, m[3].to_i, m[4].to_i, m[5].to_i, sec, zone)
      t
    end
  end
end
