# send: dynamic calls through send, public_send and __send__ with symbols
# taken from an array, against direct calls.
# Measures: the send fast path, symbol -> method lookup per call.
# bench-size: 4000000
# bench-quick: 50000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 4_000_000).to_i

class Counter
  attr_reader :total

  def initialize
    @total = 0
  end

  def inc(x)
    @total += x
  end

  def dec(x)
    @total -= x
  end

  def double(x)
    @total += x * 2
  end

  private

  def secret(x)
    @total ^= x
  end
end

c = Counter.new
names = [:inc, :dec, :double, :inc]
i = 0
while i < n
  c.send(names[i & 3], i)
  c.public_send(:inc, 1)
  c.__send__(:secret, i & 255)
  i += 1
end
puts "total=#{c.total}"
begin
  c.public_send(:secret, 1)
rescue NoMethodError => e
  puts "NoMethodError: #{e.name}"
end
