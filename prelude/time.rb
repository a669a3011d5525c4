# Time: seconds since the Epoch with nanoseconds and a UTC offset.
#
# carmine keeps a Time as four hidden-in-spirit instance variables:
# @__s (Integer seconds since 1970-01-01 UTC), @__ns (0...10**9),
# @__off (UTC offset in seconds) and @__utc (true for UTC times). Civil
# fields are computed from them with Howard Hinnant's days/civil
# algorithms. The local zone is UTC (carmine reads no tz database yet).
class Time
  include Comparable

  MONTHNAMES = %w[January February March April May June July August September October November December].freeze
  DAYNAMES = %w[Sunday Monday Tuesday Wednesday Thursday Friday Saturday].freeze

  class << self
    def now(in: nil)
      ns = Process.clock_gettime(Process::CLOCK_REALTIME, :nanosecond)
      t = __make(ns.div(1_000_000_000), ns % 1_000_000_000, 0, false)
      zone = binding.local_variable_get(:in)
      zone ? t.localtime(zone) : t
    end

    def at(time, subsec = nil, unit = :microsecond, in: nil)
      zone = binding.local_variable_get(:in)
      if time.is_a?(Time)
        t = __make(time.to_i, time.nsec, time.utc_offset, time.utc?)
      else
        raise TypeError, "can't convert #{time.class} into an exact number" unless time.is_a?(Numeric)
        r = time.is_a?(Float) ? time.to_r : time
        s = r.floor
        ns = ((r - s) * 1_000_000_000).round
        if subsec
          mult = { millisecond: 1_000_000, usec: 1000, microsecond: 1000, nsec: 1, nanosecond: 1 }.fetch(unit) do
            raise ArgumentError, "unexpected unit: #{unit}"
          end
          ns += (subsec * mult).round
        end
        s += ns.div(1_000_000_000)
        t = __make(s, ns % 1_000_000_000, 0, false)
      end
      zone ? t.localtime(zone) : t
    end

    def new(year = nil, mon = 1, day = 1, hour = 0, min = 0, sec = 0, zone = nil, in: nil)
      return now(in: binding.local_variable_get(:in)) if year.nil?
      zone ||= binding.local_variable_get(:in)
      off = zone.nil? ? 0 : __parse_offset(zone)
      t = __civil(year, mon, day, hour, min, sec, off)
      t.instance_variable_set(:@__utc, zone == "UTC" || zone == "Z")
      t
    end

    def utc(year, mon = 1, day = 1, hour = 0, min = 0, sec = 0, usec = 0)
      t = __civil(year, mon, day, hour, min, sec, 0, usec)
      t.instance_variable_set(:@__utc, true)
      t
    end
    alias gm utc

    def local(year, mon = 1, day = 1, hour = 0, min = 0, sec = 0, usec = 0)
      __civil(year, mon, day, hour, min, sec, 0, usec)
    end
    alias mktime local

    def __make(s, ns, off, utc)
      t = allocate
      t.instance_variable_set(:@__s, s)
      t.instance_variable_set(:@__ns, ns)
      t.instance_variable_set(:@__off, off)
      t.instance_variable_set(:@__utc, utc)
      t
    end

    def __month(mon)
      return mon if mon.is_a?(Integer)
      s = mon.to_s
      i = MONTHNAMES.index { |n| n[0, 3].casecmp?(s) }
      return i + 1 if i
      s.to_i
    end

    def __civil(year, mon, day, hour, min, sec, off, usec = 0)
      year = year.to_i
      mon = __month(mon)
      day = day.to_i
      hour = hour.to_i
      min = min.to_i
      raise ArgumentError, "mon out of range" unless (1..12).cover?(mon)
      raise ArgumentError, "argument out of range" unless (1..31).cover?(day) && (0..24).cover?(hour) && (0..59).cover?(min)
      r = sec.is_a?(Float) ? sec.to_r : sec.to_r
      raise ArgumentError, "argument out of range" unless r >= 0 && r < 61
      isec = r.floor
      ns = ((r - isec) * 1_000_000_000).round + usec.to_i * 1000
      days = __days_from_civil(year, mon, 1) + day - 1
      s = days * 86_400 + hour * 3600 + min * 60 + isec - off
      __make(s + ns.div(1_000_000_000), ns % 1_000_000_000, off, false)
    end

    def __days_from_civil(y, m, d)
      y -= 1 if m <= 2
      era = y.div(400)
      yoe = y - era * 400
      doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
      doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
      era * 146_097 + doe - 719_468
    end

    def __civil_from_days(z)
      z += 719_468
      era = z.div(146_097)
      doe = z - era * 146_097
      yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
      y = yoe + era * 400
      doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
      mp = (5 * doy + 2) / 153
      d = doy - (153 * mp + 2) / 5 + 1
      m = mp < 10 ? mp + 3 : mp - 9
      [m <= 2 ? y + 1 : y, m, d]
    end

    def __parse_offset(zone)
      case zone
      when Integer then zone
      when "UTC", "Z", "-00:00" then 0
      when /\A([+-])(\d\d):?(\d\d)(?::?(\d\d))?\z/
        v = $2.to_i * 3600 + $3.to_i * 60 + $4.to_i
        $1 == "-" ? -v : v
      else
        raise ArgumentError, %('+HH:MM', '-HH:MM', 'UTC' or 'A'..'I','K'..'Z' expected for utc_offset: #{zone})
      end
    end
  end

  def to_i = @__s
  alias tv_sec to_i
  def nsec = @__ns
  alias tv_nsec nsec
  def usec = @__ns / 1000
  alias tv_usec usec
  def subsec = @__ns.zero? ? 0 : Rational(@__ns, 1_000_000_000)
  def to_f = @__s + @__ns / 1_000_000_000.0
  def to_r = Rational(@__s * 1_000_000_000 + @__ns, 1_000_000_000)
  def utc_offset = @__off
  alias gmt_offset utc_offset
  alias gmtoff utc_offset
  def utc? = @__utc
  alias gmt? utc?
  def zone = (@__utc || @__off.zero? ? "UTC" : nil)

  def __fields
    @__fields ||= begin
      local = @__s + @__off
      days = local.div(86_400)
      rem = local % 86_400
      y, m, d = Time.__civil_from_days(days)
      [y, m, d, rem / 3600, rem % 3600 / 60, rem % 60, (days + 4) % 7,
       days - Time.__days_from_civil(y, 1, 1) + 1]
    end
  end
  private :__fields

  def year = __fields[0]
  def month = __fields[1]
  alias mon month
  def day = __fields[2]
  alias mday day
  def hour = __fields[3]
  def min = __fields[4]
  def sec = __fields[5]
  def wday = __fields[6]
  def yday = __fields[7]
  def sunday? = wday == 0
  def monday? = wday == 1
  def tuesday? = wday == 2
  def wednesday? = wday == 3
  def thursday? = wday == 4
  def friday? = wday == 5
  def saturday? = wday == 6
  def dst? = false
  alias isdst dst?
  def to_a = [sec, min, hour, day, month, year, wday, yday, false, zone]

  def instance_variables = super.reject { |n| n.start_with?("@__") }

  def utc
    @__off = 0
    @__utc = true
    @__fields = nil
    self
  end
  alias gmtime utc
  def getutc = dup.utc
  alias getgm getutc

  def localtime(off = nil)
    @__off = off.nil? ? 0 : Time.__parse_offset(off)
    @__utc = off == "UTC" || off == "Z"
    @__fields = nil
    self
  end
  def getlocal(off = nil) = dup.localtime(off)

  def +(other)
    raise TypeError, "time + time?" if other.is_a?(Time)
    __shift(other)
  end

  def -(other)
    if other.is_a?(Time)
      return (@__s - other.to_i) + (@__ns - other.nsec) / 1_000_000_000.0
    end
    __shift(-other)
  end

  def __shift(delta)
    raise TypeError, "can't convert #{delta.class} into an exact number" unless delta.is_a?(Numeric)
    r = delta.is_a?(Float) ? delta.to_r : delta
    total = @__ns + (r * 1_000_000_000).round
    Time.__make(@__s + total.div(1_000_000_000), total % 1_000_000_000, @__off, @__utc)
  end
  private :__shift

  def <=>(other)
    return nil unless other.is_a?(Time)
    [@__s, @__ns] <=> [other.to_i, other.nsec]
  end

  def eql?(other) = other.is_a?(Time) && (self <=> other) == 0
  def hash = [@__s, @__ns].hash

  def round(digits = 0)
    unit = 10**(9 - digits)
    ns = (@__ns + unit / 2) / unit * unit
    Time.__make(@__s + ns / 1_000_000_000, ns % 1_000_000_000, @__off, @__utc)
  end

  def floor(digits = 0)
    unit = 10**(9 - digits)
    Time.__make(@__s, @__ns / unit * unit, @__off, @__utc)
  end

  def ceil(digits = 0)
    unit = 10**(9 - digits)
    ns = (@__ns + unit - 1) / unit * unit
    Time.__make(@__s + ns / 1_000_000_000, ns % 1_000_000_000, @__off, @__utc)
  end

  def __offset_str(colons = 0)
    sign = @__off < 0 ? "-" : "+"
    a = @__off.abs
    h, m, s = a / 3600, a % 3600 / 60, a % 60
    case colons
    when 0 then format("%s%02d%02d", sign, h, m)
    when 1 then format("%s%02d:%02d", sign, h, m)
    else format("%s%02d:%02d:%02d", sign, h, m, s)
    end
  end

  def to_s = @__utc ? strftime("%Y-%m-%d %H:%M:%S UTC") : strftime("%Y-%m-%d %H:%M:%S %z")

  def inspect
    base = strftime("%Y-%m-%d %H:%M:%S")
    unless @__ns.zero?
      base += "." + format("%09d", @__ns).sub(/0+\z/, "")
    end
    base + (@__utc ? " UTC" : " #{__offset_str}")
  end

  def ctime = strftime("%a %b %e %H:%M:%S %Y")
  alias asctime ctime

  def strftime(fmt)
    fmt.gsub(/%([-_0^#:]*)(\d*)(:*)([EO]?)([a-zA-Z%+])/) do
      flags, width, mod, conv = $1 + $3, $2, $4, $5
      # %E and %O (locale alternatives) apply to a few conversions only
      next $& if (mod == "E" && !"cCxXyY".include?(conv)) || (mod == "O" && !"deHImMSuUVwWy".include?(conv))
      __strftime_one(flags, width.empty? ? nil : width.to_i, conv, $&)
    end
  end

  def __strftime_one(flags, width, conv, whole)
    return __strftime_z(flags, width) if conv == "z"
    pad = "0"
    num = true
    val = case conv
          when "Y" then width ||= 0; year
          when "C" then width ||= 2; year / 100
          when "y" then width ||= 2; year % 100
          when "m" then width ||= 2; month
          when "d" then width ||= 2; day
          when "e" then width ||= 2; pad = " "; day
          when "j" then width ||= 3; yday
          when "H" then width ||= 2; hour
          when "k" then width ||= 2; pad = " "; hour
          when "I" then width ||= 2; (hour % 12).zero? ? 12 : hour % 12
          when "l" then width ||= 2; pad = " "; (hour % 12).zero? ? 12 : hour % 12
          when "M" then width ||= 2; min
          when "S" then width ||= 2; sec
          when "L"
            num = false
            w = width || 3
            width = nil
            format("%09d", @__ns)[0, w].ljust(w, "0")
          when "N"
            num = false
            w = width || 9
            width = nil
            format("%09d", @__ns)[0, w].ljust(w, "0")
          when "u" then width ||= 1; wday.zero? ? 7 : wday
          when "w" then width ||= 1; wday
          when "s" then width ||= 1; @__s
          when "U" then width ||= 2; (yday - 1 + 7 - wday) / 7
          when "W" then width ||= 2; (yday - 1 + 7 - (wday + 6) % 7) / 7
          when "G" then width ||= 0; __iso_week[0]
          when "g" then width ||= 2; __iso_week[0] % 100
          when "V" then width ||= 2; __iso_week[1]
          else
            num = false
            case conv
            when "B" then MONTHNAMES[month - 1]
            when "b", "h" then MONTHNAMES[month - 1][0, 3]
            when "A" then DAYNAMES[wday]
            when "a" then DAYNAMES[wday][0, 3]
            when "p" then flags.include?("#") ? (hour < 12 ? "am" : "pm") : (hour < 12 ? "AM" : "PM")
            when "P" then hour < 12 ? "am" : "pm"
            when "Z"
              z = @__utc ? "UTC" : (zone || "")
              flags.include?("#") ? z.downcase : z
            when "%" then "%"
            when "n" then "\n"
            when "t" then "\t"
            when "F" then strftime("%Y-%m-%d")
            when "T", "X" then strftime("%H:%M:%S")
            when "D", "x" then strftime("%m/%d/%y")
            when "R" then strftime("%H:%M")
            when "r" then strftime("%I:%M:%S %p")
            when "c" then strftime("%a %b %e %H:%M:%S %Y")
            when "v" then strftime("%e-%^b-%Y")
            else return whole
            end
          end
    if num
      pad = " " if flags.include?("_")
      s = val.abs.to_s
      w = flags.include?("-") ? 0 : width.to_i
      s = s.rjust(val < 0 ? w - 1 : w, pad)
      s = "-" + s if val < 0
      s
    else
      # `#` changes case: names up (as `^`; %p and %Z were done above),
      # not composites; `-` drops a name's padding, not a composite's
      composite = "FTXDxRrcv".include?(conv)
      val = val.upcase if flags.include?("^") || (flags.include?("#") && !composite && !"pZ".include?(conv))
      return val if width.nil? || (flags.include?("-") && !composite)
      val.rjust(width, flags.include?("0") ? "0" : " ")
    end
  end

  # %z: the hours take the width (zero-padded after the sign, or space-
  # padded before it with `_`); `-` makes UTC "-0000" (unknown offset).
  def __strftime_z(flags, width)
    colons = flags.count(":")
    a = @__off.abs
    h, m, s = a / 3600, a % 3600 / 60, a % 60
    sign = @__off < 0 || (@__utc && flags.include?("-")) ? "-" : "+"
    rest = case colons
           when 0 then format("%02d", m)
           when 1 then format(":%02d", m)
           else format(":%02d:%02d", m, s)
           end
    hw = [(width || 0) - rest.size, 3].max
    if flags.include?("_")
      "#{sign}#{h}".rjust(hw) + rest
    else
      sign + h.to_s.rjust(hw - 1, "0") + rest
    end
  end

  # ISO 8601 week-numbering [year, week] (%G, %V): weeks start on Monday
  # and week 1 holds the year's first Thursday.
  def __iso_week
    y = year
    week = (yday - (wday.zero? ? 7 : wday) + 10) / 7
    if week < 1
      y -= 1
      week = __iso_weeks_in(y)
    elsif week > __iso_weeks_in(y)
      y += 1
      week = 1
    end
    [y, week]
  end

  def __iso_weeks_in(y)
    p = ->(x) { (x + x / 4 - x / 100 + x / 400) % 7 }
    p.(y) == 4 || p.(y - 1) == 3 ? 53 : 52
  end
  private :__strftime_one, :__strftime_z, :__iso_week, :__iso_weeks_in
end
