# LRU cache built on Hash insertion order, with hit/miss statistics
class LRUCache
  attr_reader :hits, :misses
  def initialize(cap) = (@cap, @h, @hits, @misses = cap, {}, 0, 0)
  def get(k)
    if @h.key?(k)
      @hits += 1
      v = @h.delete(k)
      @h[k] = v
    else
      @misses += 1
      nil
    end
  end
  def put(k, v)
    @h.delete(k)
    @h[k] = v
    @h.delete(@h.first[0]) if @h.size > @cap
    v
  end
  def fetch(k) = get(k) || put(k, yield(k))
  def keys = @h.keys
end
c = LRUCache.new(3)
c.put(:a, 1); c.put(:b, 2); c.put(:c, 3)
p c.keys
c.get(:a)
c.put(:d, 4)
p c.keys, c.get(:b)
%i[a c x d a].each { |k| print k, "=", c.get(k).inspect, " " }
puts
sq = LRUCache.new(2)
p [3, 4, 3, 5, 4, 3].map { |n| sq.fetch(n) { _1 * _1 } }
p [sq.hits, sq.misses, sq.keys]
