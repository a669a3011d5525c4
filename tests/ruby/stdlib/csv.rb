require 'csv'
p CSV.parse("a,b,c\n1,2,3\n4,5,6\n")
p CSV.parse_line("x,\"y,z\",\"q\"\"uote\"")
p CSV.parse_line("1;2;3", col_sep: ";"), CSV.parse_line(""), CSV.parse_line("a,,b,")
t = CSV.parse("name,age\nAlice,30\nBob,25\n", headers: true)
p t.class, t.headers, t.size, t[0]["name"], t[1]["age"], t.by_col[0], t["name"]
t.each { |row| p row.to_h }
p t.to_a, t.to_s
p CSV.parse("name,age\nAlice,30\n", headers: true, header_converters: :symbol).map(&:to_h)
p CSV.parse("a,b\n1,2.5\n", headers: true, converters: :numeric).map(&:to_h)
p CSV.parse("d\n2021-03-04\n", headers: true, converters: :date).first["d"]
p CSV.parse("x\n 1 \n", strip: true)
s = CSV.generate do |csv|
  csv << ["a", "b,c", "d\"e"]
  csv << [1, nil, 2.5]
  csv << []
end
p s
p CSV.generate_line(["x", "y z", nil, "q\nr"]), CSV.generate_line([1, 2], col_sep: "\t"), ["a", "b"].to_csv, "1,2,3".parse_csv
p CSV.generate(headers: ["h1", "h2"], write_headers: true) { |c| c << [1, 2] }
rows = []
CSV.parse("a,b\n1,2\n3,4\n", headers: true) { |r| rows << r.fields }
p rows
csv = CSV.new("k,v\nx,1\ny,2\n", headers: true)
p csv.shift.to_h, csv.read.map(&:to_h)
p CSV.parse("a\tb\n", col_sep: "\t"), CSV.parse("a|b\r\nc|d\r\n", col_sep: "|", row_sep: "\r\n")
p CSV.parse("\"multi\nline\",x\n")
path = "csv_test.tmp.csv"
CSV.open(path, "w") { |c| c << %w[h1 h2]; c << [1, 2] }
p File.read(path), CSV.read(path), CSV.read(path, headers: true).map(&:to_h)
CSV.foreach(path) { |r| p r }
p CSV.table(path).headers
File.delete(path)
r = CSV::Row.new(["a", "b"], [1, 2])
p r, r["a"], r.fetch("b"), r.to_h, r.headers, r.fields, r.to_s
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { CSV.parse("a,\"b\nc") }
t { CSV.parse_line("a,b\"c\"") }
t { CSV.parse("\"a\"b,c") }
t { CSV.parse(3) }
t { CSV.parse_line("a,b", col_sep: "") }
t { CSV.new("x").shift.fetch(5) }
t { CSV.parse("a,b\n1,2\n", headers: true).first.fetch("zz") }
