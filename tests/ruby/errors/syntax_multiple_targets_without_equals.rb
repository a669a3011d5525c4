["p((1)), h", "p(1), 2", "a, b", "alpha_beta, gamma_delta", "alpha.beta(2), gamma", "foo[1], bar  # c", "x.y, z.w", "x = 1\np(x), 3\n"].each do |src|
  eval(src)
rescue SyntaxError => e
  puts e.message, "--"
end
["a, z[1]", "a, Z", "a, @x", "a, b.c", "a.b, c", "a, B::C", "x = 1 # c\na, b # tail", "foo(1),bar"].each do |src|
  eval(src)
rescue SyntaxError => e
  puts e.message, "--"
end
