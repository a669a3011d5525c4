require "pstore"
path = "pstore_test.tmp"
File.delete(path) if File.exist?(path)
s = PStore.new(path)
s.transaction { s[:a] = [1, 2]; s["b"] = { x: 1 } }
s.transaction(true) { p s[:a], s["b"], s.roots, s.root?(:a), s.fetch(:a) }
s.transaction { s[:a] << 3; s.delete("b") }
s.transaction(true) { p s[:a], s.roots }
s.transaction { s[:c] = 1; s.abort }
s.transaction(true) { p s.root?(:c) }
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { s.transaction(true) { s[:z] = 1 } }
t { s[:a] }
t { s.transaction(true) { s.fetch(:nope) } }
t { s.transaction { s.transaction {} } }
File.delete(path)
