# SyntaxError messages from eval: CRuby's wording, the source line and caret
[
  "foo(1 2)", "x = [1, 2", "def f(a", 'puts "a" "b" 3', "if x then 1 else 2", "a = 1 +",
  "1 = 2", "x = {a: 1", "def f; end; end", "[1, 2 3]", "case x; when 1; end; else",
  "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz(1 2)",
  "foo(1 2) ; yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
  "def m\n  if x\n    1\n  end\n", "class A\n  def b\n  end\n", "def x(;", "[1,\n2",
  "@1 = 2",
].each do |src|
  eval(src)
rescue SyntaxError => e
  puts "-- #{src.lines.first.chomp}"
  puts e.message
end
def helper = eval("foo(1 2)", nil, "inner.rb", 7)
begin
  helper
rescue SyntaxError => e
  p e.message, e.backtrace.size > 1
end
File.write("/tmp/carmine_golden_syntax_req.rb", "def x\n  1 +\nend\n")
begin
  require "/tmp/carmine_golden_syntax_req.rb"
rescue SyntaxError => e
  puts e.message
  p e.backtrace.first[/in `.*'/]
ensure
  File.delete("/tmp/carmine_golden_syntax_req.rb")
end
