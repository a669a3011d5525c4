# %w/%W/%i/%I literals with interpolation and escapes, =begin/=end comments
x = 5
p %w[a b#{x} c\ d]
p %W[a b#{x} c\ d #{x * 2}]
p %i[one two]
p %I[s#{x} t]
p %q{a {nested} b}, %Q[#{x}], %[plain #{x}]
=begin
this is a block comment
p :not_executed
=end
p %r{/path/(\d+)}.match("/path/42")[1]
p ?x, ?\n, ?a.class
a = 1; b = 2; p a + b
