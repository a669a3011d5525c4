# binary_trees: allocate and walk many short-lived binary trees.
# Measures: object allocation and GC, recursive calls, attr_reader access.
# bench-size: 15
# bench-quick: 10
max_depth = (ARGV[0] || ENV['BENCH_SIZE'] || 15).to_i
min_depth = 4
max_depth = min_depth + 2 if min_depth + 2 > max_depth

class TreeNode
  attr_reader :left, :right

  def initialize(left, right)
    @left = left
    @right = right
  end

  def check
    if @left
      1 + @left.check + @right.check
    else
      1
    end
  end
end

def bottom_up_tree(depth)
  if depth > 0
    depth -= 1
    TreeNode.new(bottom_up_tree(depth), bottom_up_tree(depth))
  else
    TreeNode.new(nil, nil)
  end
end

stretch_depth = max_depth + 1
puts "stretch tree of depth #{stretch_depth}\t check: #{bottom_up_tree(stretch_depth).check}"

long_lived_tree = bottom_up_tree(max_depth)

min_depth.step(max_depth, 2) do |depth|
  iterations = 2**(max_depth - depth + min_depth)
  check = 0
  1.upto(iterations) do
    check += bottom_up_tree(depth).check
  end
  puts "#{iterations}\t trees of depth #{depth}\t check: #{check}"
end

puts "long lived tree of depth #{max_depth}\t check: #{long_lived_tree.check}"
