# Method chains across lines with leading dots and comments
result = (1..20)
  .select(&:even?)
  # comment between
  .map { |x| x * x }
  .reject { |x| x % 3 == 0 }
  .take(4)
p result
s = "  Hello World  "
  .strip
  .downcase
  .split
  .map(&:capitalize)
  .join("-")
p s
total = [1, 2, 3].
  sum
p total
long = 1 +
  2 +
  3
p long
arr = [
  1,
  2,
]
p arr
h = {
  a: 1,
  b: 2,
}
p h
