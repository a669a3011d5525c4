# Conway's Game of Life on a small toroidal grid for a few generations
class Life
  def initialize(rows) = @g = rows.map { |r| r.chars.map { _1 == "#" } }
  def h = @g.size
  def w = @g[0].size
  def neighbours(y, x)
    [-1, 0, 1].product([-1, 0, 1]).count { |dy, dx| !(dy.zero? && dx.zero?) && @g[(y + dy) % h][(x + dx) % w] }
  end
  def step
    @g = @g.each_with_index.map do |row, y|
      row.each_with_index.map do |alive, x|
        n = neighbours(y, x)
        alive ? [2, 3].include?(n) : n == 3
      end
    end
    self
  end
  def population = @g.flatten.count(true)
  def to_s = @g.map { |r| r.map { _1 ? "#" : "." }.join }.join("\n")
end
life = Life.new([
  "..........",
  "...#......",
  "....#.....",
  "..###.....",
  "..........",
  "......##..",
  "......##..",
  ".........."
])
4.times do |gen|
  puts "Generation #{gen} (pop #{life.population}):", life, ""
  life.step
end
