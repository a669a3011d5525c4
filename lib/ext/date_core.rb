# frozen_string_literal: true
#
# carmine's date_core.so: Date and DateTime (the date gem's C core) in
# Ruby, on integer Julian Day arithmetic. The installed date.rb
# (Date#infinite?, Date::Infinity) loads on top.
#
# A Date holds @jd (the chronological Julian Day Number, UTC), @df
# (seconds into that UTC day), @sf (fraction of a second, a Rational), @of
# (the offset from UTC in seconds) and @sg (the day of calendar reform:
# Julian calendar before it, Gregorian from it; ITALY by default).
class Date
  include Comparable

  class Error < ArgumentError; end

  ITALY = 2299161
  ENGLAND = 2361222
  JULIAN = Float::INFINITY
  GREGORIAN = -Float::INFINITY

  MONTHNAMES = [nil, "January", "February", "March", "April", "May", "June", "July",
                "August", "September", "October", "November", "December"].freeze
  ABBR_MONTHNAMES = [nil, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
                     "Oct", "Nov", "Dec"].freeze
  DAYNAMES = %w[Sunday Monday Tuesday Wednesday Thursday Friday Saturday].freeze
  ABBR_DAYNAMES = %w[Sun Mon Tue Wed Thu Fri Sat].freeze

  # Calendar arithmetic (CRuby's c_civil_to_jd / c_jd_to_civil).
  module Calc
    module_function

    def civil_to_jd(y, m, d, sg)
      if m <= 2
        y -= 1
        m += 12
      end
      a = y.div(100)
      b = 2 - a + a.div(4)
      jd = (1461 * (y + 4716)).div(4) + (306001 * (m + 1)).div(10000) + d + b - 1524
      jd -= b if jd < sg
      jd
    end

    def jd_to_civil(jd, sg)
      if jd < sg
        a = jd
      else
        x = ((jd - 1867216.25) / 36524.25).floor
        a = jd + 1 + x - x.div(4)
      end
      b = a + 1524
      c = ((b - 122.1) / 365.25).floor
      d = (1461 * c).div(4)
      e = ((b - d) / 30.6001).floor
      dom = b - d - (306001 * e).div(10000)
      if e <= 13
        m = e - 1
        y = c - 4716
      else
        m = e - 13
        y = c - 4715
      end
      [y, m, dom]
    end

    def leap?(y, sg = ITALY)
      jd_to_civil(civil_to_jd(y, 3, 1, sg) - 1, sg)[2] == 29
    end

    def days_in_month(y, m, sg)
      ny, nm = m == 12 ? [y + 1, 1] : [y, m + 1]
      civil_to_jd(ny, nm, 1, sg) - civil_to_jd(y, m, 1, sg)
    end

    # The jd of (y, m, d) with negative month/day counted from the end,
    # or nil when there is no such day.
    def valid_civil(y, m, d, sg)
      m += 13 if m < 0
      return nil if m < 1 || m > 12
      if d < 0
        n = days_in_month(y, m, sg)
        d = n + d + 1
        return nil if d < 1
      end
      return nil if d < 1
      jd = civil_to_jd(y, m, d, sg)
      jd_to_civil(jd, sg) == [y, m, d] ? jd : nil
    end

    def valid_ordinal(y, d, sg)
      first = civil_to_jd(y, 1, 1, sg)
      n = civil_to_jd(y + 1, 1, 1, sg) - first
      d = n + d + 1 if d < 0
      return nil if d < 1 || d > n
      first + d - 1
    end

    def commercial_to_jd(y, w, d, sg)
      rjd2 = civil_to_jd(y, 1, 1, sg) + 3
      (rjd2 - (rjd2 % 7)) + 7 * (w - 1) + (d - 1)
    end

    def jd_to_commercial(jd, sg)
      a = jd_to_civil(jd - 3, sg)[0]
      y = a + 1
      j = commercial_to_jd(y, 1, 1, sg)
      if jd < j
        y = a
        j = commercial_to_jd(y, 1, 1, sg)
      end
      w = 1 + (jd - j).div(7)
      d = (jd + 1) % 7
      d = 7 if d.zero?
      [y, w, d]
    end

    def valid_commercial(y, w, d, sg)
      d += 8 if d < 0
      return nil if d < 1 || d > 7
      if w < 0
        ny = jd_to_commercial(commercial_to_jd(y + 1, 1, 1, sg) + w * 7, sg)
        return nil unless ny[0] == y
        w = ny[1]
      end
      jd = commercial_to_jd(y, w, d, sg)
      jd_to_commercial(jd, sg) == [y, w, d] ? jd : nil
    end

    def num!(v, what)
      raise TypeError, "invalid #{what} (not numeric)" unless v.is_a?(Numeric)
      v
    end
  end
  private_constant :Calc

  class << self
    def valid_jd?(jd, _sg = ITALY)
      jd.is_a?(Numeric)
    end

    def valid_civil?(y, m, d, sg = ITALY)
      return false unless y.is_a?(Numeric) && m.is_a?(Numeric) && d.is_a?(Numeric)
      !Calc.valid_civil(y.to_i, m.to_i, d.to_i, sg).nil?
    end
    alias valid_date? valid_civil?

    def valid_ordinal?(y, d, sg = ITALY)
      return false unless y.is_a?(Numeric) && d.is_a?(Numeric)
      !Calc.valid_ordinal(y.to_i, d.to_i, sg).nil?
    end

    def valid_commercial?(y, w, d, sg = ITALY)
      return false unless y.is_a?(Numeric) && w.is_a?(Numeric) && d.is_a?(Numeric)
      !Calc.valid_commercial(y.to_i, w.to_i, d.to_i, sg).nil?
    end

    def julian_leap?(y) = Calc.num!(y, "year") % 4 == 0

    def gregorian_leap?(y)
      Calc.num!(y, "year")
      (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    end
    alias leap? gregorian_leap?

    def civil(y = -4712, m = 1, d = 1, sg = ITALY)
      Calc.num!(y, "year")
      Calc.num!(m, "month")
      Calc.num!(d, "day")
      jd = Calc.valid_civil(y.to_i, m.to_i, d.to_i, sg)
      raise Date::Error, "invalid date" unless jd
      __make(jd, 0, 0, 0, sg) + (d - d.to_i)
    end

    def jd(jd = 0, sg = ITALY)
      Calc.num!(jd, "jd")
      __make(jd.floor, 0, 0, 0, sg) + (jd - jd.floor)
    end

    def ordinal(y = -4712, d = 1, sg = ITALY)
      Calc.num!(y, "year")
      Calc.num!(d, "yday")
      jd = Calc.valid_ordinal(y.to_i, d.to_i, sg)
      raise Date::Error, "invalid date" unless jd
      __make(jd, 0, 0, 0, sg)
    end

    def commercial(y = -4712, w = 1, d = 1, sg = ITALY)
      Calc.num!(y, "cwyear")
      Calc.num!(w, "cweek")
      Calc.num!(d, "cwday")
      jd = Calc.valid_commercial(y.to_i, w.to_i, d.to_i, sg)
      raise Date::Error, "invalid date" unless jd
      __make(jd, 0, 0, 0, sg)
    end

    def today(sg = ITALY)
      t = Time.now
      civil(t.year, t.mon, t.mday, sg)
    end

    def __make(jd, df, sf, of, sg)
      d = allocate
      d.__send__(:__set, jd, df, sf, of, sg)
      d
    end

    def _parse(str, comp = true, limit: 128)
      str = String.new(str) unless str.is_a?(String)
      raise ArgumentError, "string length (#{str.length}) exceeds the limit #{limit}" if limit && str.length > limit
      DateParse.parse(str, comp)
    end

    def _iso8601(str, limit: 128)
      str = String.new(str) unless str.is_a?(String)
      DateParse.iso8601(str)
    end

    def _strptime(str, fmt = "%F")
      DateParse.strptime(str, fmt)
    end

    def parse(str = "-4712-01-01", comp = true, sg = ITALY, limit: 128)
      __from_hash(_parse(str, comp, limit: limit), sg)
    end

    def iso8601(str = "-4712-01-01", sg = ITALY, limit: 128)
      __from_hash(_iso8601(str, limit: limit), sg)
    end

    def xmlschema(str = "-4712-01-01", sg = ITALY, limit: 128) = iso8601(str, sg, limit: limit)
    def rfc3339(str = "-4712-01-01T00:00:00+00:00", sg = ITALY, limit: 128) = iso8601(str, sg, limit: limit)

    def rfc2822(str = "Mon, 1 Jan -4712 00:00:00 +0000", sg = ITALY, limit: 128)
      parse(str, true, sg, limit: limit)
    end
    alias rfc822 rfc2822

    def httpdate(str = "Mon, 01 Jan -4712 00:00:00 GMT", sg = ITALY, limit: 128)
      parse(str, true, sg, limit: limit)
    end

    def strptime(str = "-4712-01-01", fmt = "%F", sg = ITALY)
      h = _strptime(str, fmt)
      raise Date::Error, "invalid date" if h.nil?
      __from_hash(h, sg)
    end

    def __from_hash(h, sg)
      raise Date::Error, "invalid date" if h.nil? || h.empty?
      if h[:seconds]
        return jd(2440588 + h[:seconds].div(86400), sg)
      end
      if h[:jd]
        return jd(h[:jd], sg)
      end
      if h[:yday] && !h[:mon]
        return ordinal(h[:year] || today.year, h[:yday], sg)
      end
      if h[:cwyear] || h[:cweek]
        return commercial(h[:cwyear] || today.cwyear, h[:cweek] || 1, h[:cwday] || 1, sg)
      end
      raise Date::Error, "invalid date" unless h[:year] || h[:mon] || h[:mday] || h[:wday]
      if !h[:year] && !h[:mon] && !h[:mday] && h[:wday]
        t = today(sg)
        return t + (h[:wday] - t.wday)
      end
      t = (h[:year] && h[:mon] && h[:mday]) ? nil : today(sg)
      y = h[:year] || t.year
      m = h[:mon] || (h[:year] ? 1 : t.mon)
      d = h[:mday] || 1
      jd = Calc.valid_civil(y, m, d, sg)
      raise Date::Error, "invalid date" unless jd
      __make(jd, 0, 0, 0, sg)
    end
  end

  def initialize(y = -4712, m = 1, d = 1, sg = ITALY)
    Calc.num!(y, "year")
    Calc.num!(m, "month")
    Calc.num!(d, "day")
    jd = Calc.valid_civil(y.to_i, m.to_i, d.to_i, sg)
    raise Date::Error, "invalid date" unless jd
    __set(jd, 0, 0, 0, sg)
  end

  # -- internal state ----------------------------------------------------

  def __set(jd, df, sf, of, sg)
    @jd = jd
    @df = df
    @sf = sf
    @of = of
    @sg = sg
    @civil = nil
    self
  end
  private :__set

  def __state = [@jd, @df, @sf, @of, @sg]
  protected :__state

  # Local Julian day and seconds into the local day.
  def __local
    s = @df + @of
    [@jd + s.div(86400), s % 86400]
  end
  private :__local

  def __civil
    @civil ||= Calc.jd_to_civil(__local[0], @sg)
  end
  private :__civil

  # -- readers -----------------------------------------------------------

  def jd = __local[0]
  def year = __civil[0]
  def mon = __civil[1]
  alias month mon
  def mday = __civil[2]
  alias day mday
  def wday = (jd + 1) % 7
  def yday = jd - Calc.civil_to_jd(year, 1, 1, @sg) + 1
  def cwyear = Calc.jd_to_commercial(jd, @sg)[0]
  def cweek = Calc.jd_to_commercial(jd, @sg)[1]
  def cwday = (w = wday).zero? ? 7 : w
  def mjd = jd - 2400001
  def ld = jd - 2299160
  def start = @sg.to_f
  def ajd = Rational(@jd * 86400 + @df - 43200, 86400) + @sf / 86400
  def amjd = ajd - Rational(4800001, 2)
  def day_fraction = Rational(__local[1], 86400) + @sf / 86400
  def leap? = Calc.leap?(year, @sg)
  def julian? = jd < @sg
  def gregorian? = !julian?

  DAYNAMES.each_with_index do |n, i|
    define_method(:"#{n.downcase}?") { wday == i }
  end

  # -- arithmetic --------------------------------------------------------

  def +(n)
    case n
    when Integer
      self.class.__make(@jd + n, @df, @sf, @of, @sg)
    when Rational, Float
      raise TypeError, "expected numeric" unless n.finite?
      days = n.floor
      secs = (n - days) * 86400
      whole = secs.floor
      frac = secs - whole
      frac = frac.rationalize(Rational(1, 10**9)) if frac.is_a?(Float)
      sf = @sf + frac
      df = @df + whole
      if sf >= 1
        sf -= 1
        df += 1
      end
      jd = @jd + days + df.div(86400)
      self.class.__make(jd, df % 86400, sf, @of, @sg)
    when Numeric
      self + n.to_r
    else
      raise TypeError, "expected numeric"
    end
  end

  def -(other)
    case other
    when Date
      ajd - other.ajd
    when Numeric
      self + -other
    else
      raise TypeError, "expected numeric"
    end
  end

  def >>(n)
    t = (year * 12 + (mon - 1) + n).floor
    y = t.div(12)
    m = t % 12 + 1
    d = mday
    last = Calc.days_in_month(y, m, @sg)
    d = last if d > last
    jd2 = Calc.civil_to_jd(y, m, d, @sg)
    self + (jd2 - jd)
  end

  def <<(n)
    raise TypeError, "expected numeric" unless n.is_a?(Numeric)
    self >> -n
  end

  def next_day(n = 1) = self + n
  def prev_day(n = 1) = self - n
  def next_month(n = 1) = self >> n
  def prev_month(n = 1) = self << n
  def next_year(n = 1) = self >> (n * 12)
  def prev_year(n = 1) = self << (n * 12)
  def succ = next_day
  alias next succ

  def <=>(other)
    case other
    when Date then ajd <=> other.ajd
    when Numeric then ajd <=> other
    end
  end

  def ==(other)
    return false unless other.is_a?(Date) || other.is_a?(Numeric)
    (self <=> other) == 0
  end

  def ===(other)
    case other
    when Date then jd == other.jd
    when Numeric then jd == other.to_i
    else false
    end
  end

  def eql?(other) = other.is_a?(Date) && __state[0..2] == other.__state[0..2]
  def hash = [@jd, @df, @sf].hash

  def step(limit, by = 1)
    return to_enum(:step, limit, by) unless block_given?
    raise ArgumentError, "step can't be 0" if by.zero?
    d = self
    if by > 0
      while d <= limit
        yield d
        d += by
      end
    else
      while d >= limit
        yield d
        d += by
      end
    end
    self
  end

  def upto(max, &block)
    return to_enum(:upto, max) unless block
    step(max, 1, &block)
  end

  def downto(min, &block)
    return to_enum(:downto, min) unless block
    step(min, -1, &block)
  end

  def new_start(sg = ITALY) = self.class.__make(@jd, @df, @sf, @of, sg)
  def italy = new_start(ITALY)
  def england = new_start(ENGLAND)
  def julian = new_start(JULIAN)
  def gregorian = new_start(GREGORIAN)

  # -- conversions -------------------------------------------------------

  def to_date = Date.__make(jd, 0, 0, 0, @sg)
  def to_datetime = DateTime.__make(jd, 0, 0, 0, @sg)
  def to_time = Time.local(year, mon, mday)

  def to_s = format("%.4d-%02d-%02d", year, mon, mday)
  alias iso8601 to_s
  alias xmlschema to_s

  def inspect
    "#<#{self.class}: #{self} ((#{@jd}j,#{@df}s,#{(@sf * 1_000_000_000).to_i}n),#{@of >= 0 ? "+" : "-"}#{@of.abs}s,#{@sg.is_a?(Float) ? @sg : @sg}j)>"
  end

  def rfc3339 = strftime("%Y-%m-%dT%H:%M:%S%:z")
  def rfc2822 = strftime("%a, %-d %b %Y %T %z")
  alias rfc822 rfc2822
  def httpdate = new_offset(0).strftime("%a, %d %b %Y %T GMT")
  def asctime = strftime("%a %b %e %T %Y")
  alias ctime asctime

  def jisx0301
    eras = [[2458605, "R", 2018], [2447535, "H", 1988], [2424875, "S", 1925], [2419614, "T", 1911], [2405160, "M", 1867]]
    era = eras.find { |e| jd >= e[0] }
    return strftime("%Y-%m-%d") unless era
    format("%s%02d.%02d.%02d", era[1], year - era[2], mon, mday)
  end

  def new_offset(of = 0)
    self.class.__make(@jd, @df, @sf, DateTime.__offset_arg(of), @sg)
  end

  def hour = __local[1] / 3600
  def min = __local[1] % 3600 / 60
  def sec = __local[1] % 60
  def sec_fraction = @sf
  def offset = Rational(@of, 86400)

  def zone
    s = @of < 0 ? "-" : "+"
    format("%s%02d:%02d", s, @of.abs / 3600, @of.abs % 3600 / 60)
  end

  def strftime(fmt = "%F")
    fmt = String.new(fmt) unless fmt.is_a?(String)
    DateFormat.format(self, fmt)
  end

  def marshal_dump = [0, @jd, @df, @sf, @of, @sg]

  def marshal_load(a)
    __set(a[1], a[2], a[3], a[4], a[5])
  end

  # strftime for Date and DateTime (Time's directives; %z from the offset).
  module DateFormat
    module_function

    FLAG_CHARS = "-_0^#:"
    DIGITS = "0123456789"

    def format(d, fmt)
      out = +""
      pos = 0
      while (i = fmt.index("%", pos))
        out << fmt[pos...i] if i > pos
        j = i + 1
        j += 1 while (c = fmt[j]) && FLAG_CHARS.include?(c)
        k = j
        k += 1 while (c = fmt[k]) && DIGITS.include?(c)
        width = k > j ? fmt[j...k].to_i : nil
        flags = j > i + 1 ? fmt[i + 1...j] : ""
        k += 1 while fmt[k] == ":" && (flags += ":")
        # %E and %O (locale alternatives) apply to a few conversions only
        mod = fmt[k] if fmt[k] == "E" || fmt[k] == "O"
        k += 1 if mod
        conv = fmt[k]
        if conv.nil?
          out << fmt[i..]
          return out
        end
        out << if (mod == "E" && !"cCxXyY".include?(conv)) || (mod == "O" && !"deHImMSuUVwWy".include?(conv))
                 fmt[i..k]
               else
                 directive(d, conv, flags, width, fmt[i..k])
               end
        pos = k + 1
      end
      out << fmt[pos..] if pos < fmt.length
      out
    end

    def pad(v, flags, width, default_width, default_pad)
      s = v.to_s
      neg = s.start_with?("-")
      s = s[1..] if neg
      padc = flags.include?("-") ? nil : (flags.include?("_") ? " " : (flags.include?("0") ? "0" : default_pad))
      w = width || default_width
      w -= 1 if neg
      s = s.rjust(w, padc) if padc && w
      neg ? "-#{s}" : s
    end

    # `^` and `#` upcase a name (`#` leaves composites alone); `-` drops
    # the padding (unlike Time#strftime, of composites too).
    def text(s, flags, width, composite = false)
      s = s.upcase if flags.include?("^") || (flags.include?("#") && !composite)
      return s if width.nil? || flags.include?("-")
      s.rjust(width, flags.include?("0") ? "0" : " ")
    end

    # %z: the hours take the width (zero-padded after the sign, or space-
    # padded before it with `_`; `-` does not pad them).
    def zone_text(d, flags, width)
      of = d.__send__(:instance_variable_get, :@of)
      sign = of < 0 ? "-" : "+"
      h = of.abs / 3600
      m = of.abs % 3600 / 60
      s = of.abs % 60
      rest = case flags.count(":")
             when 0 then format2("%02d", m)
             when 1 then format2(":%02d", m)
             else format2(":%02d:%02d", m, s)
             end
      hw = [(width || 0) - rest.size, 3].max
      if flags.include?("-") && width.nil?
        "#{sign}#{h}#{rest}"
      elsif flags.include?("_")
        "#{sign}#{h}".rjust(hw) + rest
      else
        sign + h.to_s.rjust(hw - 1, "0") + rest
      end
    end

    def format2(*args) = Kernel.format(*args)

    def directive(d, conv, flags, width, whole)
      case conv
      when "Y"
        y = d.year
        width || y >= 0 ? pad(y, flags, width, y < 0 ? 5 : 4, "0") : pad(y, flags, width, 5, "0")
      when "C" then pad(d.year.div(100), flags, width, 2, "0")
      when "y" then pad(d.year % 100, flags, width, 2, "0")
      when "m" then pad(d.mon, flags, width, 2, "0")
      when "d" then pad(d.mday, flags, width, 2, "0")
      when "e" then pad(d.mday, flags, width, 2, " ")
      when "j" then pad(d.yday, flags, width, 3, "0")
      when "H" then pad(d.hour, flags, width, 2, "0")
      when "k" then pad(d.hour, flags, width, 2, " ")
      when "I" then pad((d.hour % 12).zero? ? 12 : d.hour % 12, flags, width, 2, "0")
      when "l" then pad((d.hour % 12).zero? ? 12 : d.hour % 12, flags, width, 2, " ")
      when "M" then pad(d.min, flags, width, 2, "0")
      when "S" then pad(d.sec, flags, width, 2, "0")
      when "L"
        w = width || 3
        ns = (d.sec_fraction * 10**w).floor
        ns.to_s.rjust(w, "0")
      when "N"
        w = width || 9
        (d.sec_fraction * 10**w).floor.to_s.rjust(w, "0")
      when "z" then zone_text(d, flags, width)
      when "Z" then text(d.zone, flags, width)
      when "A" then text(DAYNAMES[d.wday], flags, width)
      when "a" then text(ABBR_DAYNAMES[d.wday], flags, width)
      when "B" then text(MONTHNAMES[d.mon], flags, width)
      when "b", "h" then text(ABBR_MONTHNAMES[d.mon], flags, width)
      when "p"
        ampm = d.hour < 12 ? "AM" : "PM"
        text(flags.include?("#") ? ampm.downcase : ampm, flags.delete("#"), width)
      when "P" then text(d.hour < 12 ? "am" : "pm", flags, width)
      when "u" then pad(d.cwday, flags, width, 1, "0")
      when "w" then pad(d.wday, flags, width, 1, "0")
      when "G" then pad(d.cwyear, flags, width, 4, "0")
      when "g" then pad(d.cwyear % 100, flags, width, 2, "0")
      when "V" then pad(d.cweek, flags, width, 2, "0")
      when "U" then pad((d.yday + 6 - d.wday).div(7), flags, width, 2, "0")
      when "W" then pad((d.yday + 6 - (d.wday + 6) % 7).div(7), flags, width, 2, "0")
      when "s" then pad(((d.ajd - Rational(4881175, 2)) * 86400).floor, flags, width, 1, "0")
      when "Q" then pad(((d.ajd - Rational(4881175, 2)) * 86400000).floor, flags, width, 1, "0")
      when "F" then text(format(d, "%Y-%m-%d"), flags, width, true)
      when "D", "x" then text(format(d, "%m/%d/%y"), flags, width, true)
      when "T", "X" then text(format(d, "%H:%M:%S"), flags, width, true)
      when "R" then text(format(d, "%H:%M"), flags, width, true)
      when "r" then text(format(d, "%I:%M:%S %p"), flags, width, true)
      when "c" then text(format(d, "%a %b %e %H:%M:%S %Y"), flags, width, true)
      when "v" then text(format(d, "%e-%^b-%Y"), flags, width, true)
      when "+" then text(format(d, "%a %b %e %H:%M:%S %Z %Y"), flags, width, true)
      when "n" then "\n"
      when "t" then "\t"
      when "%" then "%"
      else whole
      end
    end
  end
  private_constant :DateFormat
end

class DateTime < Date
  def self.__offset_arg(of)
    case of
    when String
      m = /\A([+-])(\d{1,2}):?(\d{2})?(?::?(\d{2}))?\z/.match(of)
      return 0 if of.upcase == "Z" || of.upcase == "UTC" || of.upcase == "GMT"
      return 0 unless m
      s = m[2].to_i * 3600 + m[3].to_i * 60 + m[4].to_i
      m[1] == "-" ? -s : s
    when Rational, Integer, Float
      r = of.to_r
      raise Date::Error, "invalid offset is ignored" if r.abs > 1
      (r * 86400).round
    else
      raise TypeError, "invalid offset"
    end
  end

  def self.civil(y = -4712, m = 1, d = 1, h = 0, min = 0, s = 0, of = 0, sg = ITALY)
    Calc.num!(y, "year")
    Calc.num!(m, "month")
    Calc.num!(d, "day")
    Calc.num!(h, "hour")
    Calc.num!(min, "minute")
    Calc.num!(s, "second")
    jd = Calc.valid_civil(y.to_i, m.to_i, d.to_i, sg)
    raise Date::Error, "invalid date" unless jd
    __build(jd, h, min, s, of, sg)
  end
  singleton_class.alias_method :new, :civil

  def self.jd(jd = 0, h = 0, min = 0, s = 0, of = 0, sg = ITALY)
    Calc.num!(jd, "jd")
    __build(jd.to_i, h, min, s, of, sg)
  end

  def self.ordinal(y = -4712, d = 1, h = 0, min = 0, s = 0, of = 0, sg = ITALY)
    jd = Calc.valid_ordinal(y.to_i, d.to_i, sg)
    raise Date::Error, "invalid date" unless jd
    __build(jd, h, min, s, of, sg)
  end

  def self.commercial(y = -4712, w = 1, d = 1, h = 0, min = 0, s = 0, of = 0, sg = ITALY)
    jd = Calc.valid_commercial(y.to_i, w.to_i, d.to_i, sg)
    raise Date::Error, "invalid date" unless jd
    __build(jd, h, min, s, of, sg)
  end

  def self.__build(jd, h, min, s, of, sg)
    h += 24 if h < 0
    min += 60 if min < 0
    s += 60 if s < 0
    raise Date::Error, "invalid date" if h > 24 || min > 59 || s >= 60 || h < 0 || min < 0 || s < 0
    of = __offset_arg(of)
    whole = s.floor
    sf = (s - whole).to_r
    local = h * 3600 + min * 60 + whole
    utc = local - of
    __make(jd + utc.div(86400), utc % 86400, sf, of, sg)
  end

  def self.now(sg = ITALY)
    t = Time.now
    civil(t.year, t.mon, t.mday, t.hour, t.min, t.sec + Rational(t.nsec, 1_000_000_000), Rational(t.utc_offset, 86400), sg)
  end

  def self.__from_hash(h, sg)
    d = Date.__from_hash(h, sg)
    of = h[:offset] || 0
    __build(d.jd, h[:hour] || 0, h[:min] || 0, (h[:sec] || 0) + (h[:sec_fraction] || 0), Rational(of, 86400), sg)
  end

  def self.strptime(str = "-4712-01-01T00:00:00+00:00", fmt = "%FT%T%z", sg = ITALY)
    h = _strptime(str, fmt)
    raise Date::Error, "invalid date" if h.nil?
    __from_hash(h, sg)
  end

  def minute = min
  def second = sec
  def second_fraction = sec_fraction

  def to_s = strftime("%Y-%m-%dT%H:%M:%S%:z")

  def iso8601(n = 0)
    n > 0 ? strftime("%Y-%m-%dT%H:%M:%S.%#{n}N%:z") : to_s
  end
  alias xmlschema iso8601
  alias rfc3339 iso8601

  def strftime(fmt = "%FT%T%:z") = super(fmt)

  def to_date = Date.__make(jd, 0, 0, 0, @sg)
  def to_datetime = self

  def to_time
    Time.new(year, mon, mday, hour, min, sec + sec_fraction, @of)
  end
end

class Time
  def to_date = Date.civil(year, mon, mday)

  def to_datetime
    DateTime.civil(year, mon, mday, hour, min, sec + Rational(nsec, 1_000_000_000), Rational(utc_offset, 86400))
  end
end

class Date
  # Date._parse, Date._iso8601 and Date._strptime: strings to hashes of
  # date fields (the common formats of CRuby's date_parse.c).
  module DateParse
    MONTHS = %w[jan feb mar apr may jun jul aug sep oct nov dec].freeze
    DAYS = %w[sun mon tue wed thu fri sat].freeze
    ZONES = {
      "utc" => 0, "gmt" => 0, "z" => 0, "ut" => 0,
      "est" => -5, "edt" => -4, "cst" => -6, "cdt" => -5, "mst" => -7, "mdt" => -6,
      "pst" => -8, "pdt" => -7, "jst" => 9, "cet" => 1, "cest" => 2, "bst" => 1
    }.freeze
    MON_RE = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[[:alpha:]]*\\.?"
    private_constant :MON_RE

    module_function

    def zone_offset(z)
      return nil if z.nil?
      d = z.downcase
      return ZONES[d] * 3600 if ZONES.key?(d)
      m = /\A(?:gmt|utc)?([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?\z/i.match(z)
      return nil unless m
      s = m[2].to_i * 3600 + m[3].to_i * 60 + m[4].to_i
      m[1] == "-" ? -s : s
    end

    def year2(s, comp)
      y = s.to_i
      if comp && s.sub(/\A[-+]/, "").length <= 2 && !s.start_with?("-", "+")
        y += y >= 69 ? 1900 : 2000
      end
      y
    end

    def parse(str, comp)
      h = {}
      s = str.dup
      if (m = /\b(sun|mon|tue|wed|thu|fri|sat)[[:alpha:]]*\.?/i.match(s))
        h[:wday] = DAYS.index(m[1].downcase)
        s = m.pre_match + " " + m.post_match
      end
      if (m = /(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([ap])?\.?m?\.?(?:\s*((?:gmt|utc)?[-+]\d{1,2}(?::?\d{2}(?::?\d{2})?)?|z\b|[[:alpha:]]{3,4}\b))?/i.match(s))
        hour = m[1].to_i
        if m[5]
          hour %= 12
          hour += 12 if m[5].downcase == "p"
        end
        if m[6]
          h[:zone] = m[6]
        end
        h[:hour] = hour
        h[:min] = m[2].to_i
        h[:sec] = m[3].to_i if m[3]
        h[:sec_fraction] = Rational(m[4].to_i, 10**m[4].length) if m[4]
        s = m.pre_match + " " + m.post_match
      elsif (m = /\b(\d{1,2})\s*([ap])\.?m\b\.?(?:\s*((?:gmt|utc)?[-+]\d{1,2}(?::?\d{2}(?::?\d{2})?)?|z\b|[[:alpha:]]{3,4}\b))?/i.match(s))
        # An hour with am/pm and no minutes ("10am", "3 p.m. EST").
        h[:zone] = m[3] if m[3]
        h[:hour] = m[1].to_i % 12 + (m[2].downcase == "p" ? 12 : 0)
        s = m.pre_match + " " + m.post_match
      end
      if (m = /([-+]?\d{4,})-(\d{1,2})-(\d{1,2})/.match(s))
        h[:year] = m[1].to_i
        h[:mon] = m[2].to_i
        h[:mday] = m[3].to_i
      elsif (m = /\b([MTSHR])(\d{2})\.(\d{2})\.(\d{2})\b/i.match(s))
        base = { "m" => 1867, "t" => 1911, "s" => 1925, "h" => 1988, "r" => 2018 }[m[1].downcase]
        h[:year] = base + m[2].to_i
        h[:mon] = m[3].to_i
        h[:mday] = m[4].to_i
      elsif (m = /(\d+)[\/.](\d+)[\/.]([-+]?\d+)/.match(s))
        a, b, c = m[1], m[2], m[3]
        if c.sub(/\A[-+]/, "").length > 2 || a.length <= 2 && c.length > 2
          h[:year] = year2(c, comp)
          h[:mon] = b.to_i
          h[:mday] = a.to_i
        else
          h[:year] = year2(a, comp)
          h[:mon] = b.to_i
          h[:mday] = c.to_i
        end
      elsif (m = /(\d+)\/(\d+)/.match(s))
        h[:mon] = m[1].to_i
        h[:mday] = m[2].to_i
      elsif (m = /\b(\d{1,2})(?:st|nd|rd|th)?\s*-?\s*#{MON_RE}(?:\s*-?\s*,?\s*([-+]?\d+))?/io.match(s))
        h[:mday] = m[1].to_i
        h[:mon] = MONTHS.index(m[2].downcase) + 1
        h[:year] = year2(m[3], comp) if m[3]
      elsif (m = /\b#{MON_RE}\s*-?\s*(\d{1,2})(?:st|nd|rd|th)?\b(?:\s*,?\s*-?\s*([-+]?\d+))?/io.match(s))
        h[:mon] = MONTHS.index(m[1].downcase) + 1
        h[:mday] = m[2].to_i
        h[:year] = year2(m[3], comp) if m[3]
      elsif (m = /\b#{MON_RE}\s*,?\s*([-+]?\d{3,})/io.match(s))
        h[:mon] = MONTHS.index(m[1].downcase) + 1
        h[:year] = m[2].to_i
      elsif (m = /\b(\d{4})(\d{2})(\d{2})(?:t?(\d{2})(\d{2})(\d{2})?)?\b/i.match(s))
        h[:year] = m[1].to_i
        h[:mon] = m[2].to_i
        h[:mday] = m[3].to_i
        if m[4]
          h[:hour] = m[4].to_i
          h[:min] = m[5].to_i
          h[:sec] = m[6].to_i if m[6]
        end
      elsif (m = /\b#{MON_RE}/io.match(s))
        h[:mon] = MONTHS.index(m[1].downcase) + 1
      elsif (m = /\A\s*(\d{2})\s*\z/.match(s))
        h[:mday] = m[1].to_i
      end
      if h[:zone]
        off = zone_offset(h[:zone])
        h[:offset] = off if off
      end
      h
    end

    def iso8601(str)
      h = {}
      s = str.strip
      date, time = s.split(/[Tt ]/, 2)
      case date
      when /\A([-+]?\d{4,})-(\d{2})-(\d{2})\z/, /\A([-+]?\d{4})(\d{2})(\d{2})\z/
        h[:year] = $1.to_i
        h[:mon] = $2.to_i
        h[:mday] = $3.to_i
      when /\A([-+]?\d{4,})-(\d{3})\z/, /\A([-+]?\d{4})(\d{3})\z/
        h[:year] = $1.to_i
        h[:yday] = $2.to_i
      when /\A(\d{4})-?W(\d{2})-?(\d)\z/i
        h[:cwyear] = $1.to_i
        h[:cweek] = $2.to_i
        h[:cwday] = $3.to_i
      else
        return {}
      end
      if time
        m = /\A(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?(z|[-+]\d{2}(?::?\d{2})?)?\z/i.match(time)
        return {} unless m
        h[:hour] = m[1].to_i
        h[:min] = m[2].to_i
        h[:sec] = m[3].to_i if m[3]
        h[:sec_fraction] = Rational(m[4].to_i, 10**m[4].length) if m[4]
        if m[5]
          h[:zone] = m[5]
          h[:offset] = zone_offset(m[5])
        end
      end
      h
    end

    def strptime(str, fmt)
      str = String.new(str) unless str.is_a?(String)
      fmt = String.new(fmt) unless fmt.is_a?(String)
      h = {}
      pos = 0
      i = 0
      while i < fmt.length
        c = fmt[i]
        if c =~ /\s/
          pos += 1 while pos < str.length && str[pos] =~ /\s/
          i += 1
          next
        end
        if c != "%" || i + 1 >= fmt.length
          return nil unless str[pos] == c
          pos += 1
          i += 1
          next
        end
        i += 1
        i += 1 while "-_0^#".include?(fmt[i].to_s) && i < fmt.length - 1
        colons = 0
        while fmt[i] == ":"
          colons += 1
          i += 1
        end
        d = fmt[i]
        i += 1
        rest = str[pos..] || ""
        expand = { "F" => "%Y-%m-%d", "T" => "%H:%M:%S", "D" => "%m/%d/%y", "R" => "%H:%M",
                   "r" => "%I:%M:%S %p", "x" => "%m/%d/%y", "X" => "%H:%M:%S",
                   "c" => "%a %b %e %H:%M:%S %Y", "v" => "%e-%b-%Y", "+" => "%a %b %e %H:%M:%S %Z %Y" }
        if expand.key?(d)
          sub = strptime(rest, expand[d])
          return nil unless sub
          left = sub.delete(:leftover)
          h.merge!(sub)
          pos = str.length - (left ? left.length : 0)
          next
        end
        re, key =
          case d
          when "Y" then [/\A[-+]?\d+/, :year]
          when "C" then [/\A[-+]?\d{1,2}/, :_cent]
          when "y" then [/\A\d{1,2}/, :_year2]
          when "m" then [/\A\d{1,2}/, :mon]
          when "d", "e" then [/\A ?\d{1,2}/, :mday]
          when "j" then [/\A\d{1,3}/, :yday]
          when "H", "k" then [/\A ?\d{1,2}/, :hour]
          when "I", "l" then [/\A ?\d{1,2}/, :_hour12]
          when "M" then [/\A\d{1,2}/, :min]
          when "S" then [/\A\d{1,2}/, :sec]
          when "L", "N" then [/\A\d+/, :sec_fraction]
          when "p", "P" then [/\A[ap]\.?m\.?/i, :_merid]
          when "A", "a" then [/\A(sun|mon|tue|wed|thu|fri|sat)[[:alpha:]]*/i, :wday]
          when "B", "b", "h" then [/\A(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[[:alpha:]]*/i, :mon_name]
          when "z", "Z" then [/\A(?:z\b|(?:gmt|utc)?[-+]\d{1,2}(?::?\d{2}(?::?\d{2})?)?|[[:alpha:]]{1,5}\b)/i, :zone]
          when "s" then [/\A-?\d+/, :seconds]
          when "Q" then [/\A-?\d+/, :_msec]
          when "u" then [/\A[1-7]/, :cwday]
          when "w" then [/\A[0-6]/, :wday_num]
          when "G" then [/\A[-+]?\d+/, :cwyear]
          when "V" then [/\A\d{1,2}/, :cweek]
          when "U" then [/\A\d{1,2}/, :wnum0]
          when "W" then [/\A\d{1,2}/, :wnum1]
          when "n", "t" then [/\A\s+/, nil]
          when "%" then [/\A%/, nil]
          else return nil
          end
        m = re.match(rest)
        return nil unless m
        v = m[0]
        pos += v.length
        case key
        when nil then nil
        when :wday then h[:wday] = DAYS.index(m[1].downcase)
        when :mon_name then h[:mon] = MONTHS.index(m[1].downcase) + 1
        when :zone
          h[:zone] = v
          off = zone_offset(v)
          h[:offset] = off if off
        when :sec_fraction then h[:sec_fraction] = Rational(v.to_i, 10**v.length)
        when :_msec then h[:seconds] = Rational(v.to_i, 1000)
        when :wday_num then h[:wday] = v.to_i
        when :_merid then h[:_merid] = v
        else h[key] = v.to_i
        end
      end
      if h.key?(:_year2)
        y = h.delete(:_year2)
        h[:year] = h.key?(:_cent) ? h.delete(:_cent) * 100 + y : y + (y >= 69 ? 1900 : 2000)
      elsif h.key?(:_cent)
        c = h.delete(:_cent)
        h[:year] = c * 100 + (h[:year] || 0) % 100 if h[:year]
      end
      if h.key?(:_hour12)
        hr = h.delete(:_hour12) % 12
        h[:hour] = hr
      end
      if (mer = h.delete(:_merid))
        h[:hour] = (h[:hour] || 0) % 12 + (mer.downcase.start_with?("p") ? 12 : 0)
      end
      return nil if h[:mon] && !(1..12).cover?(h[:mon])
      return nil if h[:mday] && !(1..31).cover?(h[:mday])
      return nil if h[:hour] && !(0..24).cover?(h[:hour])
      return nil if h[:min] && !(0..59).cover?(h[:min])
      return nil if h[:sec] && !(0..60).cover?(h[:sec])
      h[:leftover] = str[pos..] if pos < str.length
      h
    end
  end
  private_constant :DateParse
end
