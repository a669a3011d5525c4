# Calling a Proc (call, (), [], yield, ===) adds no backtrace frame, as in
# CRuby; an uncaught stack overflow shows 8 lines, "... N levels...", 4 lines.
def show
  yield
rescue => e
  puts e.backtrace.first(4)
  puts "--"
end
show { proc { raise "x" }.call }
show { proc { raise "x" }.() }
show { proc { raise "x" }[] }
show { :sym.to_proc.call("s") }
show { %w[a].map(&:nope) }
show { method(:puts).to_proc.call(1, 2, 3); Integer("zz") }
show { [1].each(&:nope) }
show { :upcase.to_proc.call(1) }
def boom(*) = raise("x")
show { send(:boom) }
show { __send__(:boom) }
show { public_send(:boom) }
show { method(:boom).call }
show { method(:boom).to_proc.call }
show { proc { boom }.yield }
show { proc { boom } === 1 }
show { [1].each(&method(:boom)) }
show { instance_exec { boom } }
def deep(n) = deep(n + 1)
begin
  deep(0)
rescue SystemStackError => e
  lines = e.full_message(highlight: false).lines
  p lines.size, lines[9].match?(/\A\t \.\.\. \d+ levels\.\.\.\n\z/), lines[1..8].uniq.size
end
