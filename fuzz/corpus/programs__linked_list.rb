# Singly linked list with Enumerable, push/pop/reverse/inspect and equality
class LinkedList
  include Enumerable
  Node = Struct.new(:value, :next_node)
  attr_reader :size
  def initialize(*vals) = (@head = nil; @size = 0; vals.each { push(_1) })
  def push(v)
    node = Node.new(v, nil)
    if @head.nil? then @head = node
    else
      cur = @head
      cur = cur.next_node while cur.next_node
      cur.next_node = node
    end
    @size += 1
    self
  end
  alias << push
  def unshift(v) = (@head = Node.new(v, @head); @size += 1; self)
  def shift
    return nil unless @head
    v, @head = @head.value, @head.next_node
    @size -= 1
    v
  end
  def each
    cur = @head
    while cur
      yield cur.value
      cur = cur.next_node
    end
    self
  end
  def reverse!
    prev = nil
    cur = @head
    cur.next_node, prev, cur = prev, cur, cur.next_node while cur
    @head = prev
    self
  end
  def ==(o) = o.is_a?(LinkedList) && to_a == o.to_a
  def inspect = "(#{to_a.join(" -> ")})"
end
l = LinkedList.new(1, 2, 3)
l << 4
l.unshift(0)
p l, l.size, l.map { _1 * 2 }, l.select(&:odd?)
p l.reverse!, l.shift, l, l.size
p l == LinkedList.new(3, 2, 1, 0), l.include?(2), l.sort, l.each_slice(2).to_a
p LinkedList.new.reverse!, LinkedList.new.first, l.min_by { -_1 }
