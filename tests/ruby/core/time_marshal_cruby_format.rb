# Marshal writes a Time in CRuby's format (the _dump bytes with zone,
# offset and sub-microsecond digits as hidden ivars), so dumps can be
# exchanged with CRuby; loading gives back the same instant and zone.
ENV["TZ"] = "America/New_York"
ts = [Time.utc(2012), Time.local(2012, 7, 1), Time.new(2012, 1, 1, 0, 0, 0, "+05:30"),
      Time.at(0, 123_456_789, :nsec).utc, Time.at(0, 123_450_000, :nsec).utc, Time.utc(1800),
      Time.utc(1000, 5, 6, 7, 8, 9), Time.utc(100_000), Time.at(1, 120, :nsec).utc, Time.at(-5).utc,
      Time.local(2026, 1, 15, 8, 30, 0.25)]
ts.each do |t|
  d = Marshal.dump(t)
  p d
  l = Marshal.load(d)
  p [l, l.zone, l.utc?, l.nsec, l.utc_offset, l == t, l.class]
end
x = Time.utc(2000)
p Marshal.dump([x, x, Time.utc(2000), "UTC"])
a = Marshal.load(Marshal.dump([x, x, Time.utc(2001)]))
p a, a[0].equal?(a[1])
p Time.send(:_load, Time.utc(2000).send(:_dump)), Time.utc(2000).send(:_dump), Time.utc(1899).send(:_dump)
p Time.private_method_defined?(:_dump), Time.singleton_class.private_method_defined?(:_load)
# what CRuby 3.1 wrote for a local time in Tokyo, read here
p Marshal.load("\x04\bIu:\tTime\r\xE5\xB6\x1C\x80\x00\x00\x00\x00\a:\tzoneI\"\bJST\x06:\x06EF:\voffseti\x02\x90~".b)
class Stamp < Time; end
s = Marshal.load(Marshal.dump(Stamp.utc(2020, 2, 29)))
p s.class, s
