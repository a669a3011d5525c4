# &block parameters, block_given?, yield, passing blocks along
def run(&blk)
  blk
end
b = run { |x| x * 3 }
p b.class, b.call(4), b.lambda?
p run
def maybe
  block_given? ? yield(10) : :no_block
end
p maybe
p maybe { |v| v + 1 }
def forward(&b) = maybe(&b)
p forward { |v| v * 2 }
p forward
def to_proc_sym = [1, 2, 3].map(&:to_s)
p to_proc_sym
def yield_many
  yield 1, 2
  yield [3, 4]
  yield 5
end
yield_many { |a, b| p [a, b] }
yield_many { |a| p a }
yield_many { |*a| p a }
def anon_block(&) = maybe(&)
p anon_block { |v| -v }
