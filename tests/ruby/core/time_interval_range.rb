# sleep and IO.select check their timeout as CRuby's rb_time_interval:
# NaN, infinities and values past time_t raise RangeError (a fuzzed
# IO.select(..., 1e308) used to panic); a huge timeout with a ready
# descriptor answers at once.
begin; sleep(Float::NAN); rescue => e; p e; end
begin; sleep(Float::INFINITY); rescue => e; p e; end
begin; sleep(-Float::INFINITY); rescue => e; p e; end
begin; sleep(9.3e18); rescue => e; p e; end
begin; sleep(-1); rescue => e; p e; end
p IO.select([STDOUT], nil, nil, 9.2e18).map(&:size)
begin; p IO.select([STDOUT], nil, nil, 1e308); rescue => e; p e; end
begin; p IO.select([], nil, nil, Float::NAN); rescue => e; p e; end
begin; p IO.select([STDOUT], nil, nil, -1); rescue => e; p e; end
r, w = IO.pipe
p IO.select([r], nil, nil, 0.01)
w << "x"
p IO.select([r], nil, nil, 1e7).map(&:size)
