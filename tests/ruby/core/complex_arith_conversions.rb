def t
  r = yield
  puts "=> #{r.inspect}"
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { Complex::I }
t { Complex::I.frozen? }
t { Complex(3, 0) <=> 2 }
t { Complex(3, 0) <=> Complex(4, 0) }
t { Complex(3, 1) <=> 2 }
t { Complex(3, 0) <=> "a" }
t { Complex(3, 4).denominator }
t { Complex(Rational(1,2), Rational(1,3)).numerator }
t { Complex(1, 2).rationalize }
t { Complex(1, 0.0).rationalize }
t { Complex(1.5, 0).rationalize(Rational(1,10)) }
t { Complex(1, 0).rationalize(1, 2) }
t { Complex(1, 2).send(:marshal_dump) }
t { Complex.private_instance_methods(false).sort }
t { (Complex.instance_methods(false)).sort }
t { Complex(1, 2) ** Complex(0, 1) }
t { Complex(1, 2) ** Complex(2, 0) }
t { Complex(1, 2) ** 0 }
t { Complex(1, 2) ** 0.0 }
t { Complex(1, 2) ** 2.5 }
t { Complex(1, 2) ** Rational(3, 1) }
t { Complex(1, 2) ** Rational(1, 2) }
t { Complex(1, 2) ** -2 }
t { Complex(1, 2) ** (2**70) }
t { Complex(2, 0) ** 1 }
t { Complex.polar(nil) }
t { Complex.polar(1, nil) }
t { Complex.polar(1.0+0.0i, Math::PI/2+0.0i) }
t { Complex.polar(1+0.0i) }
t { Complex.polar(3) }
t { Complex.polar(3, 0) }
t { Complex.polar(-3, 1) }
t { Complex.polar(1, 2, 3) }
t { Complex.rect(:sym) }
t { Complex.rect(1, :sym) }
t { Complex.rect(Complex(1,2)) }
t { Complex.rect(1.0+0.0i) }
t { Complex(1, Rational(0)).to_f }
t { Complex(1, Rational(0)).to_i }
t { Complex(1, 0.0).to_i }
t { Complex(1, 2).eql?(Complex(1, 2)) }
t { Complex(1, 2).eql?(Complex(1.0, 2)) }
t { Complex(1, 2) / 2 }
t { Complex(5, 2).quo(2) }
t { Complex(1, 2).fdiv(2) }
t { Complex(1, 2).finite? }
t { Complex(1, 2) == Complex(1, 2) }
t { Complex(1, 2).hash == Complex(1, 2).hash }
t { Marshal.dump(Complex(1, 2)).bytes }
t { Marshal.load(Marshal.dump(Complex(1, 2))) }
t { Complex(1, 2).to_s }
t { Complex(1, 2).abs2 }
t { Complex("1+2i") }
t { Complex(1).positive? }
t { Complex(1) < Complex(2) }
t { Complex(1,2).step(3) }
t { Complex(1, 2).i }
