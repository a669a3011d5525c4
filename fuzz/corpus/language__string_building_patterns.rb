# Building strings: <<, concat, join, *, format, heredoc with methods, StringIO-free
out = +""
3.times { |i| out << "line #{i}\n" }
print out
parts = []
parts << "a" << "b"
p parts.join("+")
s = String.new("x", capacity: 100)
s.concat("y", "z")
p s
buf = [1, 2, 3].each_with_object(+"") { |n, b| b << n.to_s << "," }.chomp(",")
p buf
p "=" * 10, "ab" + "cd" * 2
table = [%w[id name], %w[1 ann], %w[22 bo]]
widths = table.transpose.map { |col| col.map(&:size).max }
table.each { |row| puts row.each_with_index.map { |c, i| c.ljust(widths[i]) }.join(" | ") }
sql = <<~SQL.gsub(/\s+/, " ").strip
  SELECT *
    FROM users
   WHERE id = #{42}
SQL
p sql
