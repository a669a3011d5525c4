# many_methods: 200 classes x 500 methods (100,000 methods, a large
# application's worth) called through one `send` site that sees every
# class. The calls follow a fixed schedule of 65,536 (object, name)
# pairs drawn once: two in three from a hot set of 20 classes x 50
# methods, the rest from all 100,000 (seed 000's load: about 20,000
# distinct pairs, which a global method cache of 2048 entries cannot
# hold).
# Measures: calls no inline cache can answer: the global method cache,
# and what answers its misses.
# bench-size: 4000000
# bench-quick: 30000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 4_000_000).to_i

NCLASSES = 200
NMETHODS = 500
objs = Array.new(NCLASSES) do |c|
  k = Class.new
  k.class_eval((0...NMETHODS).map { |m| "def m#{m} = #{(c * 31 + m * 7) % 1000}\n" }.join)
  k.new
end
names = Array.new(NMETHODS) { |m| :"m#{m}" }

seed = 12345
recvs = []
sends = []
65_536.times do
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  if seed % 3 == 0
    recvs << objs[(seed >> 4) % NCLASSES]
    sends << names[(seed >> 12) % NMETHODS]
  else
    recvs << objs[(seed >> 4) % 20]
    sends << names[(seed >> 12) % 50]
  end
end

sum = 0
i = 0
k = 0
while i < n
  sum += recvs[k].send(sends[k])
  k = (k + 1) & 65_535
  i += 1
end
puts "sum=#{sum}"
