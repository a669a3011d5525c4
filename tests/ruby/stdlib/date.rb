require 'date'
d = Date.new(2024, 1, 15)
p d, d.year, d.mon, d.month, d.mday, d.day, d.wday, d.yday, d.cwday, d.cweek, d.cwyear, d.jd, d.mjd, d.ajd, d.leap?
p d.to_s, d.inspect, d.iso8601, d.xmlschema, d.rfc3339, d.httpdate, d.rfc2822, d.jisx0301, d.ctime
p d.strftime, d.strftime("%Y/%m/%d %a %A %b %B %j %U %W %u %w %e %-d %-m %y %C %G %V %%"), d.strftime("%F %T %z %Z %s %Q %D %x %c")
p d.strftime("%10A|%-10A|%^a|%^B|%05d|%_5d|%3N|%L|%p|%I|%l")
p Date.new(2024, -1, -1), Date.new(2020), Date.new, Date.new(2024, 2, -1), Date.new(1000, 1, 1).jd, Date.new(1582, 10, 15).jd, Date.new(1582, 10, 4).jd, Date.jd(2299160), Date.new(1000, 2, 29)
p Date.jd(2460325), Date.ordinal(2024, 60), Date.ordinal(2024, -1), Date.commercial(2024, 3, 1), Date.commercial(2020, 53, 7), Date.civil(2024, 3, 1)
p d + 1, d - 1, d + 30, d - 365, d >> 1, d << 1, d >> 13, Date.new(2024, 1, 31) >> 1, Date.new(2024, 3, 31) << 1
p d.next_day, d.prev_day(3), d.next_month, d.prev_month(2), d.next_year, Date.new(2024, 2, 29).next_year, Date.new(2024, 2, 29).prev_year(4), d.next, d.succ
p Date.new(2024, 3, 1) - Date.new(2024, 1, 1), (Date.new(2024, 3, 1) - Date.new(2024, 1, 1)).to_i, d - d
p Date.leap?(2024), Date.leap?(1900), Date.leap?(2000), Date.gregorian_leap?(2023), Date.julian_leap?(1900), Date.new(2023, 1, 1).leap?
p Date.valid_date?(2024, 2, 29), Date.valid_date?(2023, 2, 29), Date.valid_civil?(2024, 13, 1), Date.valid_ordinal?(2023, 366), Date.valid_commercial?(2020, 53, 1), Date.valid_commercial?(2021, 53, 1), Date.valid_jd?(5), Date.valid_date?(2020, 2, "x")
p d == Date.new(2024, 1, 15), d.eql?(Date.new(2024, 1, 15)), d.hash == Date.new(2024, 1, 15).hash, d < Date.new(2024, 1, 16), d <=> Date.new(2023, 1, 1), d <=> 3, d == 3, d === Date.new(2024, 1, 15)
p [Date.new(2024, 3, 1), Date.new(2023, 1, 1), d].sort, [d, Date.new(2020, 1, 1)].max, d.between?(Date.new(2024, 1, 1), Date.new(2024, 12, 31))
p (Date.new(2024, 1, 1)..Date.new(2024, 1, 5)).map(&:day), (Date.new(2024, 1, 1)...Date.new(2024, 1, 5)).count, (Date.new(2024, 1, 1)..Date.new(2024, 2, 1)).include?(d), (Date.new(2024,1,1)..Date.new(2024,12,31)) === d
p Date.new(2024, 1, 1).step(Date.new(2024, 1, 10), 3).map(&:to_s), Date.new(2024, 1, 3).downto(Date.new(2024, 1, 1)).map(&:day), Date.new(2024, 1, 1).upto(Date.new(2024, 1, 3)).to_a.size
p d.sunday?, d.monday?, d.saturday?, Date::ABBR_DAYNAMES, Date::DAYNAMES[1], Date::MONTHNAMES[1..3], Date::ABBR_MONTHNAMES[12], Date::ITALY, Date::ENGLAND
p Date.parse("2021-03-04"), Date.parse("Jan 5 2021"), Date.parse("5 January 2021"), Date.parse("2021/03/04"), Date.parse("20210304"), Date.parse("Thu, 04 Mar 2021 10:00:00 GMT"), Date.parse("March 4, 2021"), Date.parse("01/02/2021"), Date.parse("10/11/12"), Date.parse("2021.03.04"), Date.parse("Sat Aug 28 02:55:50 +09:00 1999")
p Date.iso8601("2021-03-04"), Date.iso8601("20210304"), Date.iso8601("2021-060"), Date.iso8601("2021-W10-3")
p Date.strptime("2001-02-03", "%Y-%m-%d"), Date.strptime("03/02/01", "%d/%m/%y"), Date.strptime("Feb 3 2001", "%b %d %Y"), Date.strptime("2001 034", "%Y %j"), Date.strptime("Saturday February 3, 2001", "%A %B %d, %Y"), Date.strptime("2001-02-03")
p Date._strptime("2001-02-03T04:05:06+07:00", "%Y-%m-%dT%H:%M:%S%z"), Date._strptime("x2001", "%Y"), Date._strptime("2001x", "%Y")
p Date._iso8601("2021-03-04T10:20:30Z").sort_by(&:first), Date._parse("2021-3-4 5:06pm EST").sort_by(&:first)
dt = DateTime.new(2020, 1, 2, 3, 4, 5.5, "+09:00")
p dt, dt.to_s, dt.hour, dt.min, dt.minute, dt.sec, dt.second, dt.sec_fraction, dt.offset, dt.zone, dt.iso8601, dt.iso8601(3), dt.strftime, dt.jd, dt.ajd, dt.day_fraction
p dt.new_offset(0), dt.new_offset("-05:00").to_s, dt.to_date, dt + 1, (dt + Rational(1, 24)).hour, dt.strftime("%H:%M:%S.%L %z %:z %Z %p %I")
p DateTime.new(2020, 1, 2, 3, 4, 5), DateTime.new(2020, 1, 2, 3, 4, 5, Rational(9, 24)).to_s, DateTime.jd(2458851, 12).to_s, DateTime.new(2020, 1, 1, 23, 59, 59, "-02:00").to_s
p DateTime.parse("2020-01-02T03:04:05+09:00"), DateTime.parse("2020-01-02 03:04:05"), DateTime.iso8601("2020-01-02T03:04:05Z").to_s, DateTime.strptime("2001-02-03 04:05:06 PM", "%Y-%m-%d %I:%M:%S %p").to_s
p DateTime.new(2020,1,2,3,4,5) == DateTime.new(2020,1,2,3,4,5,"+00:00"), DateTime.new(2020,1,2,12) > Date.new(2020,1,2), Date.new(2020,1,2) === DateTime.new(2020,1,2,12)
p d.to_date.equal?(d) || d.to_date == d, d.to_datetime, dt.to_datetime.class, Date.new(2020, 1, 1).to_time, DateTime.new(2020, 1, 2, 3, 4, 5).to_time, Time.utc(2021, 5, 6, 7, 8, 9).to_date, Time.utc(2021, 5, 6, 7, 8, 9).to_datetime
p Date.today.is_a?(Date), DateTime.now.is_a?(DateTime), (Date.today - Date.today).zero?
p Date.new(-100, 1, 1), Date.new(-100, 1, 1).strftime("%Y"), Date.new(12345, 6, 7).to_s, Date.new(5, 6, 7).to_s
p d.infinite?, Date::Infinity.new > 3
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { Date.new(2023, 2, 29) }
t { Date.new(2024, 13, 1) }
t { Date.new(2024, 1, 32) }
t { Date.new("2020") }
t { Date.new(2020, "x") }
t { Date.new(2020, 1, nil) }
t { Date.parse("garbage") }
t { Date.parse(3) }
t { Date.parse("") }
t { Date.strptime("2020-13-01", "%Y-%m-%d") }
t { Date.strptime("2020-01-01x", "%Y-%m-%d") }
t { Date.iso8601("x") }
t { Date.new(2020, 1, 1) + "x" }
t { Date.new(2020, 1, 1) - "x" }
t { Date.new(2020, 1, 1) >> "x" }
t { Date.jd("x") }
t { Date.new(2020, 1, 1).strftime(3) }
t { Date.new(2020, 1, 1) < "x" }
t { Date.ordinal(2023, 366) }
t { Date.commercial(2021, 53, 1) }
t { DateTime.new(2020, 1, 1, 25) }
t { DateTime.new(2020, 1, 1, 1, 60) }
t { Date::Error.ancestors.take(3) }
p Date::Error.superclass
