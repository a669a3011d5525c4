p (0..3).bsearch { |x| x <=> 5 }, (0..3).bsearch { |x| x <=> -1 }, (0..100).bsearch { |x| x >= 37 }, (0...100).bsearch { |x| 50 <=> x }
p (0..).bsearch { |x| -1 }, (0..).bsearch { |x| x > 5 ? -1 : 1 }, (0..).bsearch { |x| x >= 1000 }, (..10).bsearch { |x| x >= -100 }
a = []; (0..10).bsearch { |x| a << x; x >= 7 }; p a
a = []; (0..).bsearch { |x| a << x; x >= 70 }; p a
p (0.0..10.0).bsearch { |x| x >= 3.3 }, (0.3..3.0).bsearch { |x| x <=> -1 }, (-2.0..3.2).bsearch { |x| x <=> 5 }, (0.0..Float::INFINITY).bsearch { |x| Math.log(x) >= 0 }
p (1..3.5).bsearch { |x| x >= 2.5 }, (0.0...1.0).bsearch { |x| x >= 1.0 }, (2**70..2**71).bsearch { |x| x >= 2**70 + 12345 }
p((("a".."z").bsearch { true } rescue $!), ((0..3).bsearch { "x" } rescue $!), (0..3).bsearch.class)
p (-Float::INFINITY..0.0).bsearch { |x| x >= -1e300 }, (1..4).bsearch { |x| Rational(2 - x) }
