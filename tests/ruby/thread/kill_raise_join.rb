# Thread#kill and Thread#raise reach a thread where it waits (its ensure
# clauses run), join with a time limit, exit inside a thread, and the
# scheduler's deadlock error.
Thread.report_on_exception = false
q = Queue.new
t = Thread.new do
  begin
    q.pop
  ensure
    puts "ensure ran"
  end
end
Thread.pass until t.stop?
p t.status
t.kill
p t.join.equal?(t), t.status, t.alive?

r = Thread.new do
  begin
    sleep
  rescue => e
    [:rescued, e.class, e.message]
  end
end
Thread.pass until r.stop?
r.raise(ArgumentError, "from main")
p r.value

r2 = Thread.new { Queue.new.pop }
Thread.pass until r2.stop?
r2.raise("plain")
begin
  r2.join
rescue => e
  p [e.class, e.message]
end
p r2.status

never = Thread.new { :never_ran }
never.kill
p never.alive?, never.value

slow = Thread.new { sleep 0.05; :slow }
p slow.join(0.001)
p slow.value

e = Thread.new { exit 3 }
begin
  e.join
rescue SystemExit => x
  p [:system_exit, x.status]
end
p e.status

begin
  Thread.current.join
rescue ThreadError => x
  p x.message
end
begin
  Thread.new { Thread.main.join }.join
rescue ThreadError => x
  p x.message
end

stuck = Thread.new { Queue.new.pop }
begin
  stuck.join
rescue Exception => x
  p x.class, x.message.lines.first.chomp
end
