# Producer/consumer over Queue and SizedQueue; the consumer may start
# before the producer. Results are printed after the threads finish.
q = Queue.new
consumer = Thread.new do
  got = []
  while (item = q.pop) != :stop
    got << item.upcase
  end
  got
end
producer = Thread.new do
  %w[a b c].each { |s| q.push(s) }
  q << :stop
end
producer.join
p consumer.value
sq = SizedQueue.new(3)
p sq.max
feeder = Thread.new do
  10.times { |i| sq << i }
  sq << nil
end
out = []
while (v = sq.pop)
  out << v
end
feeder.join
p out
q2 = Queue.new([1, 2, 3])
p q2.size, q2.shift, q2.deq, q2.length
q2.clear
p q2.empty?, q2.num_waiting
q2.close
p q2.pop
begin
  q2.push(1)
rescue ClosedQueueError => e
  p e.class, e.message, e.is_a?(StopIteration)
end
begin
  Queue.new.pop(true)
rescue ThreadError => e
  p e.message
end
begin
  SizedQueue.new(1).tap { |s| s << 1 }.push(2, true)
rescue ThreadError => e
  p e.message
end
begin
  SizedQueue.new(0)
rescue ArgumentError => e
  p e.message
end
