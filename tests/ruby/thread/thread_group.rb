# ThreadGroup: the default group, adding threads, enclosed groups.
p Thread.current.group.equal?(ThreadGroup::Default)
p Thread.new { Thread.current.group }.value.equal?(ThreadGroup::Default)
g = ThreadGroup.new
q = Queue.new
t = Thread.new { q.pop }
p g.add(t).equal?(g), t.group.equal?(g), g.list == [t]
p ThreadGroup::Default.list.include?(t)
inner = nil
t2 = Thread.new { inner = Thread.new { q.pop }; q.pop }
sleep 0.05
g.add(t2)
p g.list.size
g.enclose
p g.enclosed?, ThreadGroup::Default.enclosed?
begin
  g.add(Thread.current)
rescue ThreadError => e
  p e.message
end
begin
  ThreadGroup.new.add(t)
rescue ThreadError => e
  p e.message
end
3.times { q << nil }
[t, t2, inner].each(&:join)
p g.list
