# string_build: building strings with <<, interpolation, +, *, join,
# format and Integer#to_s, then slicing them.
# Measures: String allocation and growth, to_s dispatch, format.
# bench-size: 500000
# bench-quick: 10000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 500_000).to_i

buf = +""
lines = []
i = 0
while i < n
  buf << "item " << i.to_s << ":"
  s = "#{i}-#{i * 3}-#{i.to_s(16)}"
  buf << s
  buf << ("ab" * (i & 3)) + "|"
  lines << format("%05d|%-4s|%x", i, s[0, 4], i) if i % 10 == 0
  if buf.bytesize > 4096
    lines << buf[0, 32]
    buf = +""
  end
  i += 1
end
out = lines.join(",")
check = 0
j = 0
while j < out.bytesize
  check = (check * 31 + out.getbyte(j)) & 0xffffff
  j += 97
end
puts "length=#{out.length} lines=#{lines.size} check=#{check}"
puts out[0, 60]
puts out[-60, 60]
