def call_it(pr) = pr.call
at_exit { puts "at_exit ran" }
pr = proc { puts "in proc"; return; puts "never" }
l = lambda { return 5 }
p l.call
begin
  [1, 2].each { |x| puts x }
  call_it(pr)
  puts "not reached"
ensure
  puts "ensure ran"
end
puts "after"
