# Threads that never wait still take turns: the running thread's time
# slice ends (as under CRuby's timer), so a thread that spins until another
# one sets a flag sees it, and two busy threads make progress together.
stop = false
count = 0
t = Thread.new { count += 1 until stop; :stopped }
sleep 0.01 until count > 1000
stop = true
p t.value, count > 1000

flag = false
waiter = Thread.new { Thread.pass until flag; :saw_flag }
spinner = Thread.new do
  x = 0
  x += 1 while x < 300_000
  flag = true
  :spun
end
p waiter.value, spinner.value

# Each busy thread waits for the other to have started.
started = [false, false]
busy = 2.times.map do |i|
  Thread.new do
    started[i] = true
    n = 0
    n += 1 until started.all?
    i
  end
end
p busy.map(&:value)
