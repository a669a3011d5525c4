# Time: seconds since the Epoch with nanoseconds and a UTC offset.
#
# carmine keeps a Time as four hidden-in-spirit instance variables:
# @__s (Integer seconds since 1970-01-01 UTC), @__ns (0...10**9),
# @__off (UTC offset in seconds) and @__utc (true for UTC times). Civil
# fields are computed from them with Howard Hinnant's days/civil
# algorithms. A local time (@__local) also keeps its zone's abbreviation
# (@__zone) and DST flag (@__dst), read from the tz database for
# ENV["TZ"] (RubyVM::Prelude.tz_local / tz_mktime, src/builtins/time.rs);
# a fixed-offset time has neither.
class Time
  include Comparable

  MONTHNAMES = %w[January February March April May June July August September October November December].freeze
  DAYNAMES = %w[Sunday Monday Tuesday Wednesday Thursday Friday Saturday].freeze
  UTC_ZONE = "UTC".encode(Encoding::US_ASCII).freeze # (one object, as CRuby's str_utc)
  private_constant :UTC_ZONE

  class << self
    # (`in` can only be read through a binding: made only when given)
    def now(in: (no_in = true; nil))
      ns = Process.clock_gettime(Process::CLOCK_REALTIME, :nanosecond)
      zone = no_in ? nil : binding.local_variable_get(:in)
      t = __local_make(ns.div(1_000_000_000), ns % 1_000_000_000)
      zone ? t.localtime(zone) : t
    end

    def at(time, subsec = (no_sub = true), unit = :microsecond, in: (no_in = true; nil))
      zone = no_in ? nil : binding.local_variable_get(:in)
      if time.is_a?(Time)
        raise TypeError, "can't convert Time into an exact number" unless no_sub
        t = allocate.__init(time.to_i, time.nsec, time.utc_offset, time.utc?, time.__local?, time.zone, time.dst?)
      else
        r = __exact(time)
        r = r.to_r if r.is_a?(Float)
        s = r.floor
        ns = ((r - s) * 1_000_000_000).floor
        unless no_sub
          mult = { millisecond: 1_000_000, usec: 1000, microsecond: 1000, nsec: 1, nanosecond: 1 }.fetch(unit) do
            raise ArgumentError, "unexpected unit: #{unit}"
          end
          sub = __exact(subsec)
          sub = sub.to_r if sub.is_a?(Float)
          ns += (sub * mult).floor
        end
        s += ns.div(1_000_000_000)
        t = __local_make(s, ns % 1_000_000_000)
      end
      zone ? t.localtime(zone) : t
    end

    def new(year = (none = true), mon = nil, day = nil, hour = nil, min = nil, sec = nil, zone = nil, in: (no_in = true; nil))
      kw_zone = no_in ? nil : binding.local_variable_get(:in)
      if none
        return now(in: kw_zone)
      end
      raise ArgumentError, "timezone argument given as positional and keyword arguments" if zone && kw_zone
      zone ||= kw_zone
      local, ns = __civil(year, mon, day, hour, min, sec)
      return __local_civil(local, ns) if zone.nil?
      off = __parse_offset(zone)
      return __make(local, ns, 0, true) if off == :utc
      __make(local - off, ns, off, false)
    end

    def utc(*args)
      local, ns = __civil_args(args)
      __make(local, ns, 0, true)
    end
    alias gm utc

    def local(*args)
      local, ns = __civil_args(args)
      __local_civil(local, ns, args.size == 10 ? args[8] : nil)
    end
    alias mktime local

    def _load(str) = __load(str, {})
    private :_load

    # A Time from #_dump's bytes and the hidden instance variables that
    # came with them: UTC, a fixed offset under its zone's name (as
    # CRuby, not the loading process's zone), or local without an offset.
    def __load(str, ivars)
      str = str.to_str
      hi, lo = str.unpack("VV")
      raise TypeError, "marshaled time format differ" if lo.nil?
      if hi[31].zero?
        return __local_make(hi, lo * 1000)
      end
      year = ((hi >> 14) & 0xffff) + 1900
      if str.bytesize > 8
        len = str.getbyte(8) - 5
        ext = str.byteslice(9, len).bytes.reverse.inject(0) { |a, b| (a << 8) | b }
        year = year == 1900 ? 1900 - ext : year + ext
      end
      days = __days_from_civil(year, ((hi >> 10) & 0xf) + 1, 1) + ((hi >> 5) & 0x1f) - 1
      secs = days * 86_400 + (hi & 0x1f) * 3600 + ((lo >> 26) & 0x3f) * 60 + ((lo >> 20) & 0x3f)
      ns = (lo & 0xfffff) * 1000
      if (num = ivars[:nano_num])
        ns += (Rational(num, ivars[:nano_den] || 1)).floor
      elsif (sub = ivars[:submicro])
        b = sub.bytes
        ns += (b[0] >> 4) * 100 + (b[0] & 0xf) * 10 + (b[1].to_i >> 4)
      end
      return __make(secs, ns, 0, true) if hi[30] == 1
      off = ivars[:offset]
      return __local_make(secs, ns) if off.nil?
      zone = ivars[:zone]
      __make(secs, ns, off, false, false, zone.is_a?(String) ? zone : nil)
    end

    def __make(s, ns, off, utc, local = false, zone = nil, dst = false)
      allocate.__init(s, ns, off, utc, local, zone, dst)
    end

    # A Time in the local zone (ENV["TZ"], else /etc/localtime) at `s`.
    def __local_make(s, ns)
      off, dst, zone = RubyVM::Prelude.tz_local(ENV["TZ"], s)
      allocate.__init(s, ns, off, false, true, zone, dst)
    end

    # The local-zone Time whose civil fields are `local` (as UTC seconds).
    def __local_civil(local, ns, isdst = nil)
      s, off, dst, zone = RubyVM::Prelude.tz_mktime(ENV["TZ"], local, isdst)
      allocate.__init(s, ns, off, false, true, zone, dst)
    end

    # Time.utc/local's arguments: (year, mon, day, hour, min, sec, usec)
    # or Time#to_a's ten (sec, min, hour, day, mon, year, and four ignored).
    def __civil_args(args)
      case args.size
      when 1..7
        year, mon, day, hour, min, sec, usec = args
        __civil(year, mon, day, hour, min, sec, usec)
      when 10
        sec, min, hour, day, mon, year = args
        __civil(year, mon, day, hour, min, sec)
      else
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1..8)"
      end
    end

    # A number as Time takes one: Integer, Rational, Float, or what
    # converts with to_r / to_int.
    def __exact(v)
      case v
      when Integer, Rational, Float then v
      when nil, String then raise TypeError, "can't convert #{v.class} into an exact number"
      else
        return v.to_r if v.respond_to?(:to_r)
        return v.to_int if v.respond_to?(:to_int)
        raise TypeError, "can't convert #{v.class} into an exact number"
      end
    end

    # A civil field: Integers as they are, Strings as base-10 numerals,
    # nil as the default, anything else through to_int.
    def __field(v, default)
      case v
      when nil then default
      when Integer then v
      when String then v.to_i
      when Float then v.to_i
      else
        raise TypeError, "can't convert #{v.class} into an exact number" unless v.respond_to?(:to_int)
        v.to_int
      end
    end

    def __month(mon)
      return 1 if mon.nil?
      return mon if mon.is_a?(Integer)
      mon = mon.to_str if !mon.is_a?(String) && mon.respond_to?(:to_str)
      if mon.is_a?(String)
        i = MONTHNAMES.index { |n| n[0, 3].casecmp?(mon) }
        return i + 1 if i
        return mon.to_i
      end
      __field(mon, 1)
    end

    # [seconds as if the fields were UTC, nanoseconds]
    def __civil(year, mon, day, hour, min, sec, usec = nil)
      raise TypeError, "no implicit conversion of nil into Integer" if year.nil?
      year = year.is_a?(String) ? year.to_i : __field(year, 0)
      mon = __month(mon)
      day = __field(day, 1)
      hour = __field(hour, 0)
      min = __field(min, 0)
      raise ArgumentError, "mon out of range" unless (1..12).cover?(mon)
      raise ArgumentError, "argument out of range" unless (1..31).cover?(day)
      raise ArgumentError, "hour out of range" unless (0..24).cover?(hour)
      raise ArgumentError, "min out of range" unless (0..59).cover?(min) && (hour < 24 || min == 0)
      sec = case sec
            when nil then 0
            when String then sec.to_i
            else __exact(sec)
            end
      r = sec.is_a?(Float) ? sec.to_r : sec
      raise ArgumentError, "sec out of range" if r >= 61
      raise ArgumentError, "argument out of range" unless r >= 0
      raise ArgumentError, "sec out of range" if hour == 24 && r != 0
      isec = r.floor
      if usec.nil?
        ns = ((r - isec) * 1_000_000_000).floor
      else
        u = usec.is_a?(String) ? usec.to_i : __exact(usec)
        u = u.to_r if u.is_a?(Float)
        raise ArgumentError, "subsecx out of range" unless u >= 0 && u < 1_000_000
        ns = (u * 1000).floor
      end
      days = __days_from_civil(year, mon, 1) + day - 1
      [days * 86_400 + hour * 3600 + min * 60 + isec + ns.div(1_000_000_000), ns % 1_000_000_000]
    end

    def __days_from_civil(y, m, d)
      y -= 1 if m <= 2
      era = y.div(400)
      yoe = y - era * 400
      doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
      doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
      era * 146_097 + doe - 719_468
    end

    # [year, month, day, seconds into the day, days since the Epoch] of
    # `secs` seconds since the Epoch (as UTC)
    def __civil_at(secs)
      days = secs.div(86_400)
      [*__civil_from_days(days), secs % 86_400, days]
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

    MILITARY = "ABCDEFGHIKLMNOPQRSTUVWXYZ"

    # A UTC offset argument in seconds, or :utc for "UTC", "Z", "-00:00".
    def __parse_offset(zone)
      if !zone.is_a?(String) && !zone.is_a?(Integer) && zone.respond_to?(:to_str)
        zone = zone.to_str
      end
      case zone
      when String
        return :utc if zone == "UTC" || zone == "Z" || zone == "-00:00"
        if zone.size == 1 && (i = MILITARY.index(zone))
          return i < 12 ? (i + 1) * 3600 : (i < 24 ? (11 - i) * 3600 : :utc)
        end
        m = /\A([+-])(\d\d)(?:(:?)(\d\d)(?:\3(\d\d))?)?\z/.match(zone)
        if m.nil? || m[4].to_i > 59 || m[5].to_i > 59
          raise ArgumentError, %("+HH:MM", "-HH:MM", "UTC" or "A".."I","K".."Z" expected for utc_offset: #{zone})
        end
        raise ArgumentError, "utc_offset out of range" if m[2].to_i > 23
        v = m[2].to_i * 3600 + m[4].to_i * 60 + m[5].to_i
        m[1] == "-" ? -v : v
      else
        v = zone.is_a?(Integer) ? zone : __exact(zone)
        v = v.to_r if v.is_a?(Float)
        v = v.to_i if v.is_a?(Rational) && v.denominator == 1
        raise ArgumentError, "utc_offset out of range" unless v.abs < 86_400
        v
      end
    end
  end

  def __init(s, ns, off, utc, local, zone, dst)
    @__s = s
    @__ns = ns
    @__off = off
    @__utc = utc
    @__local = local
    @__zone = zone
    @__dst = dst
    self
  end

  def __local? = @__local

  # Marshal's layout (CRuby's time_mdump): two little-endian 32-bit words
  # of the UTC civil time -- a 1 bit, UTC?, year - 1900 (16 bits), month
  # - 1, day, hour; minute, second, microsecond -- then, for a year
  # outside 1900..67435, its distance beyond that range as a length-
  # prefixed little-endian number. The offset, zone and sub-microsecond
  # digits travel as the String's hidden instance variables
  # (#__marshal_ivars, Time.__load).
  def _dump(_limit = -1)
    y, mo, d, rem = Time.__civil_at(@__s)
    ext = nil
    if y < 1900
      ext = 1900 - y
      y = 1900
    elsif y > 1900 + 0xffff
      ext = y - (1900 + 0xffff)
      y = 1900 + 0xffff
    end
    hi = (1 << 31) | ((@__utc ? 1 : 0) << 30) | ((y - 1900) << 14) | ((mo - 1) << 10) | (d << 5) | (rem / 3600)
    lo = ((rem % 3600 / 60) << 26) | ((rem % 60) << 20) | (@__ns / 1000)
    str = [hi, lo].pack("VV")
    if ext
      bytes = []
      while ext.positive?
        bytes << (ext & 0xff)
        ext >>= 8
      end
      str << [bytes.size + 5, *bytes].pack("C*")
    end
    str
  end
  private :_dump

  # [name, value] pairs Marshal writes on #_dump's String, as CRuby does.
  def __marshal_ivars
    iv = [[:zone, @__utc ? UTC_ZONE : zone]]
    iv << [:offset, @__off] unless @__utc
    nano = @__ns % 1000
    unless nano.zero?
      iv << [:nano_num, nano] << [:nano_den, 1]
      digits = format("%03d", nano).chars.map(&:to_i)
      bcd = [(digits[0] << 4) | digits[1], digits[2] << 4]
      bcd.pop if bcd[1].zero?
      iv << [:submicro, bcd.pack("C*")]
    end
    iv
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
  def zone
    return UTC_ZONE.dup if @__utc
    @__zone&.dup&.force_encoding(Encoding::US_ASCII)
  end

  def __fields
    return @__fields if @__fields
    y, m, d, rem, days = Time.__civil_at((@__s + @__off).floor)
    f = [y, m, d, rem / 3600, rem % 3600 / 60, rem % 60, (days + 4) % 7,
         days - Time.__days_from_civil(y, 1, 1) + 1]
    @__fields = f unless frozen?
    f
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
  def dst? = @__dst
  alias isdst dst?
  def to_a = [sec, min, hour, day, month, year, wday, yday, @__dst, zone]

  def instance_variables = super.reject { |n| n.start_with?("@__") }

  def utc
    return self if @__utc
    __init(@__s, @__ns, 0, true, false, nil, false)
    @__fields = nil
    self
  end
  alias gmtime utc
  def getutc = dup.utc
  alias getgm getutc

  # Without an argument: the local zone (ENV["TZ"]); with one: that
  # fixed offset ("UTC", "Z" and "-00:00" make a UTC time).
  def localtime(off = nil)
    if off.nil?
      return self if @__local
      o, dst, zone = RubyVM::Prelude.tz_local(ENV["TZ"], @__s)
      __init(@__s, @__ns, o, false, true, zone, dst)
    else
      o = Time.__parse_offset(off)
      o == :utc ? __init(@__s, @__ns, 0, true, false, nil, false) : __init(@__s, @__ns, o, false, false, nil, false)
    end
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
    __shift(-Time.__exact(other))
  end

  def __shift(delta)
    r = Time.__exact(delta)
    r = r.to_r if r.is_a?(Float)
    total = @__ns + (r * 1_000_000_000).floor
    __same_zone(@__s + total.div(1_000_000_000), total % 1_000_000_000)
  end

  # A Time at another instant in this one's zone: a local time's offset
  # (and DST, abbreviation) read again for the new instant.
  def __same_zone(s, ns)
    return Time.__local_make(s, ns) if @__local
    Time.__make(s, ns, @__off, @__utc, false, @__zone)
  end

  # The same zone as read for this time (round, floor, ceil: within a
  # second of it).
  def __at_zone(s, ns) = Time.__make(s, ns, @__off, @__utc, @__local, @__zone, @__dst)
  private :__shift, :__same_zone, :__at_zone

  def <=>(other)
    unless other.is_a?(Time)
      # (CRuby's rb_invcmp: the other side's answer, negated)
      r = other <=> self
      return nil if r.nil?
      return -(r <=> 0) if r.is_a?(Integer)
      return r > 0 ? -1 : (r < 0 ? 1 : 0)
    end
    c = @__s <=> other.to_i
    c.zero? ? @__ns <=> other.nsec : c
  end

  def eql?(other) = other.is_a?(Time) && (self <=> other) == 0
  def hash = [@__s, @__ns].hash

  def round(digits = 0)
    unit = 10**(9 - digits)
    ns = (@__ns + unit / 2) / unit * unit
    __at_zone(@__s + ns / 1_000_000_000, ns % 1_000_000_000)
  end

  def floor(digits = 0)
    unit = 10**(9 - digits)
    __at_zone(@__s, @__ns / unit * unit)
  end

  def ceil(digits = 0)
    unit = 10**(9 - digits)
    ns = (@__ns + unit - 1) / unit * unit
    __at_zone(@__s + ns / 1_000_000_000, ns % 1_000_000_000)
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

  def to_s = (@__utc ? strftime("%Y-%m-%d %H:%M:%S UTC") : strftime("%Y-%m-%d %H:%M:%S %z")).force_encoding(Encoding::US_ASCII)

  def inspect
    base = strftime("%Y-%m-%d %H:%M:%S")
    unless @__ns.zero?
      base += "." + format("%09d", @__ns).sub(/0+\z/, "")
    end
    off = @__utc ? "UTC" : __offset_str
    off += format("%02d", @__off.abs % 60) unless @__utc || (@__off.abs % 60).zero?
    "#{base} #{off}".force_encoding(Encoding::US_ASCII)
  end

  def ctime = strftime("%a %b %e %H:%M:%S %Y").force_encoding(Encoding::US_ASCII)
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
          when "Y" then width ||= year < 0 ? 5 : 4; year
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
          when "G" then width ||= __iso_week[0] < 0 ? 5 : 4; __iso_week[0]
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
