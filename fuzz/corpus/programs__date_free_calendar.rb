# Calendar arithmetic without Time/Date: leap years, day of week (Zeller), month grid
def leap?(y) = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
def days_in(y, m) = [31, leap?(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
def dow(y, m, d)
  m, y = m + 12, y - 1 if m < 3
  k, j = y % 100, y / 100
  h = (d + (13 * (m + 1)) / 5 + k + k / 4 + j / 4 + 5 * j) % 7
  (h + 6) % 7
end
p [1900, 2000, 2023, 2024].map { leap?(_1) }
p %w[Sun Mon Tue Wed Thu Fri Sat].values_at(dow(2000, 1, 1), dow(2024, 2, 29), dow(1969, 7, 20))
def month(y, m)
  puts "     #{y}-#{m.to_s.rjust(2, "0")}", "Su Mo Tu We Th Fr Sa"
  cells = [nil] * dow(y, m, 1) + (1..days_in(y, m)).to_a
  cells.each_slice(7) { |wk| puts wk.map { _1.to_s.rjust(2) }.join(" ").rstrip }
end
month(2024, 2)
month(2023, 10)
