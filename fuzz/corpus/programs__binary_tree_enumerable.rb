# Binary search tree with Enumerable, in/pre-order traversal, height, min/max
class BST
  include Enumerable
  Node = Struct.new(:val, :left, :right)
  def initialize(*vals) = (@root = nil; vals.each { insert(_1) })
  def insert(v)
    @root = ins(@root, v)
    self
  end
  def each(&b)
    return enum_for(:each) unless b
    walk(@root, &b)
    self
  end
  def preorder(n = @root, acc = [])
    return acc unless n
    acc << n.val
    preorder(n.left, acc)
    preorder(n.right, acc)
  end
  def height(n = @root) = n ? 1 + [height(n.left), height(n.right)].max : 0
  def include?(v, n = @root)
    return false unless n
    v == n.val || include?(v, v < n.val ? n.left : n.right)
  end
  private
  def ins(n, v)
    return Node.new(v) unless n
    v < n.val ? n.left = ins(n.left, v) : n.right = ins(n.right, v)
    n
  end
  def walk(n, &b)
    return unless n
    walk(n.left, &b)
    b.call(n.val)
    walk(n.right, &b)
  end
end
t = BST.new(50, 30, 70, 20, 40, 60, 80, 35, 45, 65)
p t.to_a, t.preorder, t.height
p t.min, t.max, t.sum, t.count, t.select(&:even?).size
p t.include?(65), t.include?(66), t.first(3), t.each_slice(4).to_a
p t.map { _1 / 10 }.tally, t.reduce(:+), t.sort_by { -_1 }.first(2)
p t.lazy.select { _1 > 40 }.map { _1 * 2 }.first(2)
p t.each.next, t.min_by { (_1 - 42).abs }
