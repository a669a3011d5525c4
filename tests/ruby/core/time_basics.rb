# Time: construction (at/utc/gm/local/new with offsets), civil fields, arithmetic, comparison, strftime directives and flags, inspect/to_s, and require "time" (iso8601, parse).
t = Time.at(0).utc
p t, t.year, t.month, t.day, t.wday, t.yday
t = Time.utc(2024, 2, 29, 13, 5, 9.5)
p t, t.to_i, t.usec, t.yday, t.wday, t.monday?, t.thursday?
puts t, t.inspect, t.to_s
puts t.strftime("%Y-%m-%d %H:%M:%S.%L %z %Z %A %a %B %b %j %e %-d %-m %I %l %p %P %y %C %s %% %F %T %D %R %r %c %u %w %3N %6N %^a %^B %-H|%10A|%010d|%U %W")
t2 = t + 86_400 * 365.25
p t2, t2 - t, (t2 - t).class, t < t2, [t2, t].min == t
p Time.utc(1999, 12, 31, 23, 59, 59) + 1
p Time.new(2020, 1, 15, 10, 30, 0, "+05:30"), Time.new(2020, 1, 15, 10, 30, 0, "+05:30").utc
p Time.at(1_700_000_000).utc.to_a
p Time.gm(2000, "jan", 1), Time.local(2021, 6, 30).to_s
p Time.at(1.25).utc.nsec, Time.at(1, 500, :millisecond).utc
p Time.utc(2023, 3, 1).round, Time.utc(2023, 3, 1, 0, 0, 1.6).round
p Time.now.class, Time.now.year >= 2024, (Time.now - Time.now).abs < 1
p Time.utc(1969, 7, 20, 20, 17, 40), Time.utc(1969, 7, 20).to_i, Time.utc(1600, 3, 1).wday
require 'time'
p Time.utc(2024, 5, 6, 7, 8, 9).iso8601, Time.new(2024, 5, 6, 7, 8, 9, "-03:00").iso8601, Time.utc(2024,1,1).xmlschema(3)
p Time.iso8601("2024-05-06T07:08:09Z"), Time.parse("2024-05-06 07:08:09 +0200"), Time.parse("2024/05/06")
p Time.utc(2024, 5, 6).httpdate
begin; Time.utc(2024, 13, 1); rescue ArgumentError => e; p e.message; end
p Time.utc(2000, 1, 1) == Time.utc(2000, 1, 1), Time.utc(2000,1,1).eql?(Time.utc(2000,1,1)), {Time.utc(2000,1,1) => 1}[Time.utc(2000,1,1)]
p Time.at(0).utc.instance_variables
