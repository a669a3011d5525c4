# Local time follows ENV["TZ"] (the tz database, POSIX rules, glibc's
# fallback), DST gaps and repeats resolve as CRuby does, and fixed-offset
# and UTC times keep their mode through arithmetic.
# (CRuby raises "isdst is not set yet" for a Time.new(..., "UTC"): not shown)
def show(t) = "#{t.inspect} zone=#{t.zone.inspect} dst=#{t.utc? ? '-' : t.dst?} off=#{t.utc_offset} utc=#{t.utc?}"

["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata",
 "EST5EDT,M3.2.0,M11.1.0", "PST", "Nowhere/Zone", "<+0330>-3:30", "", "UTC"].each do |tz|
  ENV["TZ"] = tz
  puts "== TZ=#{tz.inspect}"
  puts show(Time.at(0))
  puts show(Time.at(1_783_000_000))
  puts show(Time.local(2026, 3, 8, 2, 30))     # a gap in New York
  puts show(Time.local(2026, 11, 1, 1, 30))    # repeated in New York
  puts show(Time.local(2026, 3, 29, 1, 30))    # a gap in London
  puts show(Time.local(2026, 10, 25, 1, 30))   # repeated in London
  puts show(Time.local(2026, 10, 4, 2, 15))    # a half-hour gap at Lord Howe
  t = Time.local(2026, 3, 8, 1, 59, 59)
  puts show(t + 1), show(t + 3601), show((t + 86_400) - 86_400)
  p t.to_a, Time.mktime(*t.to_a).to_i == t.to_i
  puts t.strftime("%Y-%m-%d %H:%M:%S %Z %z %:z"), t.ctime, t.to_s
  u = Time.utc(2026, 7, 1, 12)
  puts show(u), show(u.getlocal), show(u.getlocal("+05:30")), show(u.getlocal.utc)
  puts show(Time.at(u)), show(Time.at(u.getlocal)), show(u.round), show(u.getlocal.floor)
  l = Time.new(2026, 7, 1, 12)
  puts show(l), show(l.localtime("-08:00")), show(l.localtime)
end

ENV["TZ"] = "America/New_York"
puts "== ten-argument form and the DST flag"
puts show(Time.local(0, 30, 1, 1, 11, 2026, nil, nil, true, nil))
puts show(Time.local(0, 30, 1, 1, 11, 2026, nil, nil, false, nil))
puts show(Time.utc(0, 30, 1, 1, 11, 2026, nil, nil, true, nil))

puts "== fixed offsets"
%w[+05 -05 +0530 +05:30 +05:30:15 +053015 UTC Z -00:00 A I K M N Y].each do |z|
  puts "#{z}: #{show(Time.new(2000, 1, 1, 0, 0, 0, z))}"
end
[3600, -3600 * 11, Rational(7, 2)].each { |o| puts "#{o.inspect}: #{Time.new(2000, 1, 1, 0, 0, 0, o).utc_offset.inspect}" }
%w[J +1 +24:00 +01:60 +0160 05:00].each do |z|
  Time.new(2000, 1, 1, 0, 0, 0, z)
rescue ArgumentError => e
  puts "#{z}: #{e.message}"
end
[86_400, -86_400].each do |o|
  Time.new(2000, 1, 1, 0, 0, 0, o)
rescue ArgumentError => e
  puts "#{o}: #{e.message}"
end
puts show(Time.now(in: "+09:00").round.then { |t| Time.new(2000, 1, 1, 0, 0, 0, t.utc_offset) })
puts show(Time.at(0, in: "-03:00")), show(Time.at(0, in: "Z")), show(Time.at(0, in: "E"))

puts "== arguments"
puts show(Time.local("2000", "dec", "15", "5", "8", "9"))
puts show(Time.local(2000, nil, nil, nil, nil, nil)), show(Time.utc(1999, 2, 31))
puts show(Time.local(2000, 1, 1, 24)), show(Time.utc(2000, 1, 1, 0, 0, 60))
puts Time.local(2000, 1, 1, 20, 15, 1, 1.75).nsec, Time.local(2000, 1, 1, 20, 15, 1.75, 2).usec
puts Time.local(2000, 1, 1, 20, 15, Rational(99, 10)).usec, Time.at(0.7).nsec, Time.at(1, 1.5).nsec
puts Time.at(1, 500, :millisecond).to_r, Time.at(1, 7, :nsec).nsec
[[nil], [2000, 13], [2000, 1, 32], [2000, 1, 1, 25], [2000, 1, 1, 24, 1], [2000, 1, 1, 0, 60],
 [2000, 1, 1, 0, 0, 61], [2000, 1, 1, 0, 0, -1], [2000, 1, 1, 0, 0, 0, 1_000_000], [*[0] * 9]].each do |a|
  Time.local(*a)
rescue ArgumentError, TypeError => e
  puts "#{a.inspect}: #{e.class}: #{e.message}"
end
[[1, nil], [Time.at(0), 1], ["1"], [nil]].each do |a|
  Time.at(*a)
rescue TypeError => e
  puts "at #{a.inspect}: #{e.message}"
end
[nil, Object.new, "1"].each do |d|
  Time.at(0) - d
rescue TypeError => e
  puts "- #{d.inspect.sub(/0x\h+/, 'X')}: #{e.message}"
end

puts "== mode and encoding"
l = Time.local(2026, 1, 1).freeze
p l.localtime.equal?(l), Time.utc(2000).freeze.utc.utc?
p l.zone.encoding, l.to_s.encoding, l.inspect.encoding, Time.utc(2000).zone.encoding
p (Time.at(0) <=> 1), (Time.at(5) <=> Time.at(5, 1)), Time.utc(200).strftime("%Y %G"), Time.utc(-5).strftime("%Y")
m = Marshal.load(Marshal.dump(Time.local(2026, 7, 1, 9)))
puts show(m)
ENV["TZ"] = "Asia/Tokyo"
puts show(m), show(m + 1), show(Time.local(2026, 7, 1, 9))
ENV.delete("TZ")
