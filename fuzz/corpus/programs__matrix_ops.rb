# Matrix operations implemented with arrays: multiply, transpose, determinant, identity
class Matrix2
  attr_reader :rows
  def initialize(rows) = @rows = rows
  def self.identity(n) = new(Array.new(n) { |i| Array.new(n) { |j| i == j ? 1 : 0 } })
  def *(o)
    return Matrix2.new(rows.map { |r| r.map { _1 * o } }) if o.is_a?(Numeric)
    cols = o.rows.transpose
    Matrix2.new(rows.map { |r| cols.map { |c| r.zip(c).sum { |a, b| a * b } } })
  end
  def +(o) = Matrix2.new(rows.zip(o.rows).map { |a, b| a.zip(b).map(&:sum) })
  def transpose = Matrix2.new(rows.transpose)
  def ==(o) = o.is_a?(Matrix2) && rows == o.rows
  def det
    return rows[0][0] if rows.size == 1
    rows[0].each_with_index.sum do |v, j|
      minor = Matrix2.new(rows[1..].map { |r| r.reject.with_index { |_, k| k == j } })
      (j.even? ? 1 : -1) * v * minor.det
    end
  end
  def **(n) = (1..n).reduce(Matrix2.identity(rows.size)) { |acc, _| acc * self }
  def to_s
    w = rows.flatten.map { _1.to_s.size }.max
    rows.map { |r| "| " + r.map { _1.to_s.rjust(w) }.join(" ") + " |" }.join("\n")
  end
end
a = Matrix2.new([[1, 2], [3, 4]])
b = Matrix2.new([[0, 1], [1, 0]])
puts a * b, "", a + b, "", a.transpose, "", a * 3
p a.det, Matrix2.new([[2, 0, 1], [1, 3, 2], [1, 1, 1]]).det
puts (Matrix2.new([[1, 1], [1, 0]]) ** 10)
p a * Matrix2.identity(2) == a
