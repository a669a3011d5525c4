# Infinity and NaN behaviour
inf = Float::INFINITY
nan = Float::NAN
p inf
p -inf
p inf > 10 ** 100
p inf + 1
p inf - inf
p nan == nan
p nan.nan?
p inf.infinite?
p (-inf).infinite?
p 1.0.infinite?
p 1.0.finite?
p [1.0, inf, -inf].max
p 0.0 == -0.0
p (1 / -0.0)
p Float::MAX > 1e308
p Float::EPSILON < 1e-15
begin
  inf.to_i
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  nan.round
rescue => e
  puts "#{e.class}: #{e.message}"
end
