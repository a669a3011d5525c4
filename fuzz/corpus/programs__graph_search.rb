# Graph BFS shortest path, DFS topological sort and cycle detection
GRAPH = {a: %i[b c], b: %i[d], c: %i[d e], d: %i[f], e: %i[f], f: []}
def bfs(g, from, to)
  prev = {from => nil}
  queue = [from]
  until queue.empty?
    n = queue.shift
    break if n == to
    g[n].each { |m| next if prev.key?(m); prev[m] = n; queue << m }
  end
  return nil unless prev.key?(to)
  path = [to]
  path.unshift(prev[path.first]) while prev[path.first]
  path
end
def topo(g)
  seen, order, onstack = {}, [], {}
  visit = lambda do |n|
    raise "cycle at #{n}" if onstack[n]
    next if seen[n]
    onstack[n] = true
    g[n].each { visit.(_1) }
    onstack.delete(n)
    seen[n] = true
    order.unshift(n)
  end
  g.keys.each { visit.(_1) }
  order
end
p bfs(GRAPH, :a, :f), bfs(GRAPH, :c, :f), bfs(GRAPH, :f, :a)
p topo(GRAPH)
begin
  topo(GRAPH.merge(f: [:a]))
rescue => e
  puts "error: #{e.message}"
end
degrees = GRAPH.values.flatten.tally
p GRAPH.keys.map { [_1, degrees.fetch(_1, 0)] }.to_h
