# Removing the method from a prepended module reveals the class method again
module Wrap
  def run = "wrap(#{super})"
end
class Job
  prepend Wrap
  def run = "job"
end
def site(j) = j.run
j = Job.new
5.times { site(j) }
p site(j)
Wrap.send(:remove_method, :run)
p site(j)
Wrap.module_eval { def run = "wrap2(#{super})" }
p site(j)
Job.send(:remove_method, :run)
begin
  site(j)
rescue NoMethodError => e
  puts e.message.lines.first.sub(/#<Job:0x\h+>/, "#<Job>")
end
