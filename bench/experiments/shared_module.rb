# shared_module: one call site inside a module that N classes include.
# Module AttributeRead's #read_attribute calls #_read_attribute on self;
# with instances of N classes called round-robin, that one call site sees
# N receiver classes.  A monomorphic inline cache evicts on every call when
# N > 1; a polymorphic cache holding >= N classes keeps hitting.
# ARGV[0]: number of calls; ARGV[1]: N, the number of including classes.
# bench-size: 6000000 8
# bench-quick: 100000 8
# bench-params: 1 2 4 8 16
calls = (ARGV[0] || ENV['BENCH_SIZE'] || 6_000_000).to_i
nclasses = (ARGV[1] || ENV['BENCH_PARAM'] || 8).to_i

module AttributeRead
  def read_attribute(index)
    _read_attribute(index) # the shared call site
  end

  def _read_attribute(index)
    @values[index]
  end
end

MODELS = Array.new(nclasses) do |k|
  klass = Class.new do
    include AttributeRead

    def initialize(seed)
      @values = [seed, seed * 2, seed * 3, seed * 5]
    end
  end
  Object.const_set("Model#{k}", klass)
end

objs = MODELS.each_with_index.map { |klass, k| klass.new(k + 1) }
sum = 0
i = 0
while i < calls
  sum += objs[i % nclasses].read_attribute(i & 3)
  i += 1
end
puts "classes=#{nclasses} calls=#{calls} sum=#{sum}"
