# Found by carmine-fuzz (run target): Range#to_a over an Integer range no
# array can hold looped natively with no budget check (a hang, then an
# abort on the failed allocation). CRuby runs out of memory.
begin
  p (1..12**1000).to_a.size
rescue NoMemoryError => e
  p e.class
end
p (1..12**1000).first(3)
p (2**64..2**64 + 2).to_a
