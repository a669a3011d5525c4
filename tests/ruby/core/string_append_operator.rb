# String#<< through the `<<` instruction (which appends without a method
# frame, as CRuby's opt_ltlt does) and through explicit calls: strings,
# codepoints, self-append, to_str, binary strings, subclasses, frozen
# receivers, and the errors with their backtraces.
def show
  r = yield
  p r
rescue => e
  p [e.class, e.message, e.backtrace.map { |l| l.sub(/^.*?:(\d+):/, '\1:') }]
end

s = +"ab"
show { s << "cd" << "é" }
show { s << 33 << 0x263A }
show { s << s }
show { s.<<("x") }
show { s.send(:<<, "y") }
show { s.public_send(:<<, 65) }
o = Object.new
def o.to_str = "TS"
show { +"a" << o }
show { +"a" << Object.new }
show { +"a" << -1 }
show { +"a" << 0x110000 }
show { +"a" << nil }
show { "lit".freeze << "x" }
show { :sym.to_s << "x" }
b = "\xFF".b
show { b << 255 }
show { b << 256 }
show { b << "\xFE".b }
u = +"x"
show { [u.encoding, (u << "é").encoding, u] }

class MyStr < String
  def <<(o) = "MyStr<<#{o}"
end
show { MyStr.new("q") << "r" }
class Plain < String; end
show { (Plain.new("q") << "r").class }

# In a loop, growing one buffer.
buf = +""
1000.times { |i| buf << (i % 10).to_s }
p [buf.size, buf[0, 12], buf.encoding]
h = +""
%w[a b c].each { |w| h << w << "," }
p h
