require 'date'
require 'prime'
require 'matrix'
require 'time'

Shift = Struct.new(:who, :day, :start, :hours) do
  include Comparable
  def <=>(o) = [day, start] <=> [o.day, o.start]
  def ends = start + Rational(hours, 24)
end

start = Date.new(2024, 2, 26)
people = %w[ann bob cy dee]
shifts = []
(0...10).each do |i|
  d = start + i
  next if d.saturday? || d.sunday?
  people.rotate(i).first(2).each_with_index do |who, k|
    shifts << Shift.new(who, d, DateTime.new(d.year, d.month, d.day, 8 + 8 * k), 8)
  end
end
shifts.sort.each { |s| puts "#{s.day.strftime('%a %d %b')} #{s.who.ljust(4)} #{s.start.strftime('%H:%M')}-#{s.ends.strftime('%H:%M')} wk#{s.day.cweek}" }
by_who = shifts.group_by(&:who).transform_values { |v| v.sum(&:hours) }
p by_who, by_who.max_by(&:last), by_who.values.sum.fdiv(by_who.size)
p start.leap?, (start >> 1).to_s, (start << 12).to_s, start.next_month(13).iso8601, Date.new(2024, -1, -1).to_s
p (Date.new(2024, 3, 31) - start).to_i, start.jd, start.yday, start.cwday, start.mjd, start.ajd
p Date.parse("March 3rd, 2021").to_s, Date.strptime("03/04/21", "%m/%d/%y").to_s, Date.iso8601("2020-W10-3").to_s
p DateTime.parse("2021-06-01T12:30:45+02:00").new_offset(0).to_s, Date.valid_date?(2023, 2, 29)
begin
  Date.new(2023, 2, 29)
rescue Date::Error => e
  p e.class, e.message
end
begin
  Date.parse("not a date")
rescue ArgumentError => e
  p e.class, e.message
end
p (start...start + 7).select(&:monday?).map(&:to_s), start.step(start + 20, 7).map(&:day)
p Date.today.is_a?(Comparable), Date::ABBR_DAYNAMES, start.upto(start + 2).to_a.size
t = Time.utc(2024, 2, 29, 13, 5, 9.5r)
p t.to_date.to_s, t.iso8601(3), t.strftime("%j %U %W %G-%V %s %L %N %%"), (t + 86400 * 365).year, t.to_datetime.to_s
p Time.iso8601("2024-02-29T13:05:09Z") == Time.utc(2024, 2, 29, 13, 5, 9), Time.at(0).utc.to_s
# primes and number theory
p Prime.first(10), 97.prime?, 360.prime_division, Prime.int_from_prime_division([[2, 3], [5, 1]])
p Prime.each(30).select { |x| x % 4 == 1 }, Prime.lazy.select { |x| (x + 2).prime? }.first(5)
p 2**100 % 97, 3.pow(1000, 1_000_007), 12.gcd(18), 12.lcm(18), 10.gcdlcm(4), Integer.sqrt(10**20 + 1)
p Rational(3, 4) + Rational(1, 6), 0.75.to_r, 0.1.rationalize(Rational(1, 100)), 3.7.divmod(1.2), -7.fdiv(2), 7.0.floor(-1), 1234.5678.round(-2), 1234.5678.round(2)
p Complex(3, 4).abs, Complex(1, 1) * Complex(1, -1), Complex("2+3i").conj, Complex.polar(1, Math::PI / 2).rect.map { |x| x.round(10) }
# matrices
m = Matrix[[2, 1], [1, 3]]
v = Vector[1, 2]
p m.determinant, m.inverse, m * v, m.transpose, m ** 2, m.trace, m.rank, (m * m.inverse) == Matrix.identity(2)
p Matrix.build(2, 3) { |r, c| r * 3 + c }.to_a, m.each(:diagonal).to_a, v.inner_product(Vector[3, 4]), v.norm.round(4)
begin
  Matrix[[1, 2], [2, 4]].inverse
rescue => e
  p e.class, e.message
end
begin
  m * Vector[1, 2, 3]
rescue => e
  p e.class, e.message
end
