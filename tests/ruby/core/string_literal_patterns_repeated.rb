# sub/gsub/scan/split/index with String patterns used over and over, and
# interleaved (more than eight distinct ones), as report and template code
# does in loops: each is literal (no regexp metacharacters), and $~ after
# each describes that call's match.
paths = ["/api/items/:id", "/api/orders/:id/pay", "/search?q=1", "a.b.c", "x+y*z", "(a|b)"]
pats = [":id", "?", ".", "+", "*", "(", "|", "/", "a", "zz"]
out = []
3.times do |r|
  paths.each do |p|
    pats.each do |pat|
      out << p.sub(pat, "<#{r}>")
      out << p.gsub(pat) { |m| m.upcase + r.to_s }
      out << p.scan(pat).size
      out << p.split(pat, -1).inspect
      out << ($~ ? [$~[0], $~.pre_match, $~.regexp.source] : nil).inspect if p.sub(pat, "")
    end
  end
end
puts out.size, out.first(40), out.last(10)
s = +"héllo wörld héllo"
3.times { p s.sub("é", "e"), s.gsub("héllo", "hi"), s.scan("ö"), $~&.begin(0) }
p "a\\b".sub("\\", "/"), "tab\there".gsub("\t", " "), "x.y".sub(".", "\\0\\0")
