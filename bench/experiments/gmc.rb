# gmc: the global method cache experiment (size sweep).
# 400 classes in 50 inheritance chains of depth 8, each class defining 100
# methods (40,000 methods), called through 800 megamorphic call sites in a
# skewed but deterministic order: ~85% of calls go to a small hot set, the
# rest to a long power-law tail over ~180,000 (class, method) pairs.  Inline
# caches cannot hold these sites, so lookups fall through to the global
# method cache; its hit rate and the run time depend on its size.
# ARGV[0]: number of calls; ARGV[1]: methods per class (default 100).
# bench-size: 2000000
# bench-quick: 40000 15
calls = (ARGV[0] || ENV['BENCH_SIZE'] || 2_000_000).to_i

CHAINS = 50
DEPTH = 8
METHODS = (ARGV[1] || 100).to_i

# Generate the classes as source text and evaluate it once, so every method
# is an ordinary `def` (bytecode method), not a define_method closure.
src = +""
CHAINS.times do |c|
  DEPTH.times do |d|
    sup = d == 0 ? "Object" : "G#{c}_#{d - 1}"
    src << "class G#{c}_#{d} < #{sup}\n"
    METHODS.times do |i|
      src << "  def m#{d}_#{i}; #{(c * 7 + d * 131 + i) % 1000}; end\n"
    end
    src << "end\n"
  end
end

# One call site per method name: CALLERS[d * METHODS + i] calls m<d>_<i>.
src << "CALLERS = [\n"
DEPTH.times do |d|
  METHODS.times do |i|
    src << "  ->(o) { o.m#{d}_#{i} },\n"
  end
end
src << "]\n"
eval(src)

OBJS = []
CHAINS.times do |c|
  DEPTH.times do |d|
    OBJS << Object.const_get("G#{c}_#{d}").new
  end
end

x = 42
sum = 0
n = 0
while n < calls
  x = (x * 1103515245 + 12345) & 0x7fffffff
  if (x & 127) < 109
    # hot set: 4 chains, 8 names per depth
    dr = (x >> 9) & 7
    c = (x >> 7) & 3
    d = ((x >> 12) & 7) % (dr + 1)
    i = (x >> 15) & 7
  else
    dr = (x >> 9) & 7
    d = ((x >> 12) & 7) % (dr + 1)
    x = (x * 1103515245 + 12345) & 0x7fffffff
    u = x / 2147483648.0
    c = (CHAINS * (u * u * u * u)).to_i
    x = (x * 1103515245 + 12345) & 0x7fffffff
    u = x / 2147483648.0
    i = (METHODS * (u * u * u * u)).to_i
  end
  sum += CALLERS[d * METHODS + i].call(OBJS[c * DEPTH + dr])
  n += 1
end
puts "classes=#{OBJS.size} methods=#{CHAINS * DEPTH * METHODS} calls=#{calls} sum=#{sum}"
