# Sudoku validator checking rows, columns and boxes; reports the first conflicts
GOOD = <<~G.lines.map { _1.split.map(&:to_i) }
  5 3 4 6 7 8 9 1 2
  6 7 2 1 9 5 3 4 8
  1 9 8 3 4 2 5 6 7
  8 5 9 7 6 1 4 2 3
  4 2 6 8 5 3 7 9 1
  7 1 3 9 2 4 8 5 6
  9 6 1 5 3 7 2 8 4
  2 8 7 4 1 9 6 3 5
  3 4 5 2 8 6 1 7 9
G
def units(grid)
  rows = grid.each_with_index.map { |r, i| ["row #{i + 1}", r] }
  cols = grid.transpose.each_with_index.map { |c, i| ["col #{i + 1}", c] }
  boxes = (0..8).map do |b|
    r0, c0 = (b / 3) * 3, (b % 3) * 3
    ["box #{b + 1}", (r0...r0 + 3).flat_map { |r| grid[r][c0, 3] }]
  end
  rows + cols + boxes
end
def problems(grid)
  units(grid).filter_map do |name, vals|
    dups = vals.tally.select { |v, c| c > 1 }.keys
    "#{name} repeats #{dups.sort.join(",")}" unless dups.empty?
  end
end
p problems(GOOD)
bad = GOOD.map(&:dup)
bad[0][0], bad[4][4] = bad[0][1], 1
puts problems(bad)
p units(GOOD).size, GOOD.flatten.sum
