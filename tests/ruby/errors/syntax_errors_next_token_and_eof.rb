# Syntax errors bison reports at the token after a dangling operator or
# array comma (whatever line it is on), with the token's name and width,
# and errors at the end of input at the final newline.
SOURCES = [
  "def foo\n  x = 1\n  y = )\nend\n",
  "class A\n  def b\n    [1, 2\n  end\nend\n",
  "case 1\nwhen\nend\n",
  "if true then\nelse\n  y = \nend\n",
  "x = \n# comment\n  @foo\n",
  "a = [1, 2 foo]\n",
  "a = [1, 2 Foo]\n",
  "y = 2 ||\n  3.5\nz = [1 2.5]\n",
  "v = [1 @x]\n",
  "x = y = \n",
  "x = 1 +   \n",
  "x = 1 +   ",
  "x = 1 +\n\n\n",
  "x = (1 +  # c\n",
  "def foo\n  1\n\n  ",
  "[1,\n",
  "x = [1,\n  ",
  "x = [1, )\n",
  "x = [1, end]\n",
  "x = [1,\n\n  3 4]\n",
  "foo(1, 2\n",
  "f(1,\n",
  "x = {a: 1,\n",
  "value = compute(1) *\n  end\n",
  "value = 3 -\n  ]\n",
  # long lines: the shown window is centred on the token's last character
  "x = #{'a' * 40} + end\n",
  "x = #{'a' * 40} + end + #{'b' * 60}\n",
  "x = #{'a' * 26} + end\n",
  "x = #{'a' * 33} + )\n",
  "x = #{'a' * 20} + [1, 2 3456789]\n",
]
SOURCES.each do |src|
  eval(src)
rescue SyntaxError => e
  puts e.message, "--"
end
