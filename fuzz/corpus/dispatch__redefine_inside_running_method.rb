# A method that redefines itself: the running activation finishes with the old body
class Worker
  def work
    self.class.class_eval do
      def work = "second body"
    end
    "first body (still running)"
  end
end
w = Worker.new
p w.work
p w.work
def site(o) = o.work
class Worker
  def work
    Worker.define_method(:work) { "third body" }
    "redefining from #{__method__}"
  end
end
p site(w), site(w), site(w)
class Looper
  def tick(n) = n
end
l = Looper.new
out = []
6.times do |i|
  out << l.tick(i)
  Looper.class_eval { def tick(n) = n * -1 } if i == 2
end
p out
