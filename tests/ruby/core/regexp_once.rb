# /.../o makes its regexp the first time the site runs, once per thread
# (another thread waits); recursion inside the making makes it anew.
def once(x)
  /#{x}/o
end
p once("a"), once("b")

def nested(n)
  %r/#{n.zero? ? "end" : nested(n - 1)}/ox
end
r = nested(50)
p nested(3).equal?(r), r.source.length < 100, "end" =~ r

made = []
f = proc { |s| /#{made << s; s}/o }
t = Thread.new { f.call("first") }
t.join
f.call("second")
p made, f.call("third")

x = /x/
4.times { x = /#{x}y/i }
p x
