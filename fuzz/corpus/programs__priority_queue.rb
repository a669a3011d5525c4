# Binary-heap priority queue with a task scheduler using it
class PQueue
  def initialize(&cmp) = (@h = []; @cmp = cmp || ->(a, b) { a <=> b })
  def push(x)
    @h << x
    i = @h.size - 1
    while i > 0 && @cmp.(@h[(i - 1) / 2], @h[i]) > 0
      @h[(i - 1) / 2], @h[i] = @h[i], @h[(i - 1) / 2]
      i = (i - 1) / 2
    end
    self
  end
  alias << push
  def pop
    return nil if @h.empty?
    top = @h[0]
    last = @h.pop
    unless @h.empty?
      @h[0] = last
      i = 0
      loop do
        l, r, m = 2 * i + 1, 2 * i + 2, i
        m = l if l < @h.size && @cmp.(@h[l], @h[m]) < 0
        m = r if r < @h.size && @cmp.(@h[r], @h[m]) < 0
        break if m == i
        @h[m], @h[i] = @h[i], @h[m]
        i = m
      end
    end
    top
  end
  def size = @h.size
  def empty? = @h.empty?
end
q = PQueue.new
[5, 3, 9, 1, 7, 2, 8].each { q << _1 }
out = []
out << q.pop until q.empty?
p out
tasks = PQueue.new { |a, b| [b[0], a[1]] <=> [a[0], b[1]] }
[[2, "write tests"], [5, "fix prod bug"], [1, "lunch"], [5, "reply to boss"], [3, "review PR"]].each_with_index do |(pri, name), i|
  tasks.push([pri, i, name])
end
until tasks.empty?
  pri, _, name = tasks.pop
  puts "#{pri}: #{name}"
end
