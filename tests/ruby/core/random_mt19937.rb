# Random numbers as CRuby draws them: MT19937 seeding (srand, Random.new with small and big seeds), rand with Integer/Float/Range limits, bytes, Array#shuffle/shuffle!/sample (0-5 and 12 picks, random:), errors.
srand(42)
p rand(100), rand, rand(1..6), rand(2.5), rand(-7), rand(0)
p [1, 2, 3, 4, 5].shuffle, [1, 2, 3].sample, (1..20).to_a.sample(2), (1..20).to_a.sample(3), (1..20).to_a.sample(5), (1..30).to_a.sample(12)
r = Random.new(2024)
p 3.times.map { r.rand(1000) }, r.bytes(4).bytes, r.seed, r.rand, r.rand(1.0..2.0), r.rand(10...20)
p [1, 2, 3, 4, 5].shuffle(random: Random.new(1)), [1, 2, 3].sample(random: Random.new(3)), Random.new(42).rand(1..6)
p srand(7), srand(8)
p Random.new(2**40).rand(2**40), Random.new(2**70 + 5).rand(100), Random.new(-5).rand(100), Random.new(0).rand(50)
a = [1, 2, 3, 4]; srand(1); a.shuffle!; p a
p Random.rand(3).class, Random.new_seed.class
begin; Random.new(1).rand(-3); rescue ArgumentError => e; p e.message; end
begin; Random.new(1).rand(0); rescue ArgumentError => e; p e.message; end
begin; [1].sample(-1); rescue ArgumentError => e; p e.message; end
p [].sample, [].sample(2), [1,2].sample(5).sort, Random.new(5).rand(2**33)
