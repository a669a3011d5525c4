# Integer#^ has a fast path (opt_xor) on two Fixnums: its results on signs
# and the Fixnum edges, every way out of it (Bignums, Floats, other
# receivers, bad arguments), and Integer#^ redefined and restored while
# a call site is warm.

def show(label)
  puts "#{label}: #{yield.inspect}"
rescue => e
  puts "#{label}: #{e.class}: #{e.message}"
end

vals = [0, 1, -1, 5, -5, 255, -256, 2**61, -(2**61), 2**62 - 1, -(2**62), 2**64, -(2**64)]
vals.each do |a|
  puts vals.map { |b| a ^ b }.inspect
end

def mix(a, b) = a ^ b
acc = 0
2000.times { |i| acc = mix(acc, i * 2654435761) & 0xffffffff }
p acc
show("true ^ 1") { true ^ 1 }
show("false ^ nil") { false ^ nil }
show("nil ^ 3") { nil ^ 3 }
show("1 ^ 1.5") { 1 ^ 1.5 }
show("1 ^ nil") { 1 ^ nil }
show("1 ^ '2'") { 1 ^ "2" }
show("1.5 ^ 1") { 1.5 ^ 1 }
show("[1] ^ [2]") { [1, 2] ^ [2] }

class Integer
  alias_method :orig_xor, :^
  def ^(o) = orig_xor(o) + 1000
end
p mix(6, 3), 6 ^ 3
class Integer
  remove_method :^
  alias_method :^, :orig_xor
end
p mix(6, 3), 6 ^ 3
