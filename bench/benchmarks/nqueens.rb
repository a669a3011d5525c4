# nqueens: count all solutions of the N-queens problem by backtracking.
# Measures: recursion, Array indexing and mutation, Integer comparisons,
# `while` loops and boolean logic.
# bench-size: 12
# bench-quick: 8
n = (ARGV[0] || ENV['BENCH_SIZE'] || 12).to_i

class Board
  attr_reader :solutions

  def initialize(n)
    @n = n
    @cols = Array.new(n, false)
    @diag1 = Array.new(2 * n, false)
    @diag2 = Array.new(2 * n, false)
    @queens = Array.new(n, 0)
    @solutions = 0
    @first = nil
  end

  def first_solution
    @first
  end

  def safe?(row, col)
    !@cols[col] && !@diag1[row + col] && !@diag2[row - col + @n]
  end

  def place(row, col, flag)
    @cols[col] = flag
    @diag1[row + col] = flag
    @diag2[row - col + @n] = flag
  end

  def solve(row)
    if row == @n
      @solutions += 1
      @first ||= @queens.dup
      return
    end
    col = 0
    while col < @n
      if safe?(row, col)
        @queens[row] = col
        place(row, col, true)
        solve(row + 1)
        place(row, col, false)
      end
      col += 1
    end
  end
end

board = Board.new(n)
board.solve(0)
puts "#{n}-queens: #{board.solutions} solutions"
puts "first: #{board.first_solution.inspect}"
