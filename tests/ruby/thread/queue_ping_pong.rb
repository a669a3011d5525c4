# Two threads that wait for each other in turn (a ping-pong over two
# queues), a pipeline of three stages, and a bounded queue whose producer
# waits for its consumer: each wait lets the other thread run.
ping = Queue.new
pong = Queue.new
player = Thread.new do
  3.times do
    v = ping.pop
    puts "player got #{v}"
    pong << v + 1
  end
  :player_done
end
v = 0
3.times do
  ping << v
  v = pong.pop
  puts "main got #{v}"
  v *= 10
end
p player.value

# A pipeline: each stage waits on the queue before it.
q1, q2, q3 = Queue.new, Queue.new, Queue.new
doubler = Thread.new { while (x = q1.pop); q2 << x * 2; end; q2.close }
adder = Thread.new { while (x = q2.pop); q3 << x + 1; end; q3.close }
[1, 2, 3, 4].each { |x| q1 << x }
q1.close
out = []
while (x = q3.pop)
  out << x
end
p out, doubler.join.status, adder.join.status

# A bounded queue: the producer waits while it is full.
sq = SizedQueue.new(2)
seen = []
producer = Thread.new do
  6.times { |i| sq.push(i) }
  sq.close
  :produced
end
while (x = sq.pop)
  seen << x
  raise "over the bound" if sq.size > 2
end
p seen, producer.value, sq.closed?, sq.empty?

# A consumer that waits before the producer exists.
box = Queue.new
waiter = Thread.new { box.pop * 2 }
Thread.pass until waiter.stop?
p waiter.status, box.num_waiting
box << 21
p waiter.value, box.num_waiting

# Closing wakes every waiting consumer with nil.
q = Queue.new
waiters = 3.times.map { Thread.new { q.pop } }
Thread.pass until q.num_waiting == 3
p q.num_waiting
q.close
p waiters.map(&:value)
begin
  q.push(1)
rescue ClosedQueueError => e
  p e.message
end
