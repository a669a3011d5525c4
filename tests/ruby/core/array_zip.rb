# Array#zip: Arrays of other lengths, none, objects converted with to_ary,
# enumerables walked with each, the block form, and results that share
# nothing with the receiver.
a = [1, 2, 3]
p a.zip, a.zip([4, 5, 6]), a.zip([4]), a.zip([], [7, 8, 9, 10])
p [].zip([1, 2]), a.zip(a, a)
class Pairish; def to_ary = [:p, :q]; end
p a.zip(Pairish.new)
p a.zip(1..2), a.zip({ k: 1 }), a.zip([4, 5].each)
begin
  a.zip(5)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
out = []
r = a.zip([4, 5, 6]) { |x, y| out << x * y }
p r, out
z = a.zip([9, 9, 9])
z[0][0] = :changed
p a, z
b = [[1, 2]]
p b.zip(b), b.zip(b)[0][0].equal?(b[0])
big = Array.new(100_000) { |i| i }
zz = big.zip(big, big)
p zz.size, zz[99_999], zz.sum { |x, y, w| x + y - w }
