# descendants: modifying a class that has many descendants.
# Root gets D descendant classes (an 8-ary tree built with Class.new);
# instances of 8 of them are called in a loop, and every K calls a method
# nobody calls is redefined on Root.  A hierarchical strategy renews the
# serial of Root and every descendant (cost grows with D); a global one
# bumps one number; a per-method one drops only entries for that name.
# ARGV[0]: number of calls; ARGV[1]: D; ARGV[2]: K (default 100).
# bench-size: 1500000 1000 100
# bench-quick: 20000 1000 100
# bench-params: 1 10 100 1000 10000
calls = (ARGV[0] || ENV['BENCH_SIZE'] || 1_500_000).to_i
ndesc = (ARGV[1] || ENV['BENCH_PARAM'] || 1000).to_i
k = (ARGV[2] || 100).to_i

class Root
  def initialize(id)
    @id = id
  end

  def helper(x)
    x ^ @id
  end

  def work(x)
    helper(x) + tag
  end

  def tag
    1
  end

  def self.touch
    def poke; end # (re)defines Root#poke: nobody calls it
  end
end

classes = [Root]
ndesc.times do |j|
  classes << Class.new(classes[j / 8])
end
# eight called classes spread over the tree (the deepest ones included)
called = Array.new(8) { |j| classes[classes.size - 1 - (j * (classes.size - 1)) / 8] }
objs = called.each_with_index.map { |klass, j| klass.new(j) }

sum = 0
i = 0
countdown = k
ops = 0
while i < calls
  sum += objs[i & 7].work(i)
  countdown -= 1
  if countdown == 0
    Root.touch
    ops += 1
    countdown = k
  end
  i += 1
end
puts "descendants=#{ndesc} k=#{k} calls=#{calls} invalidations=#{ops} sum=#{sum}"
puts "subclasses of Root: #{Root.subclasses.size}"
