def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
["(", "[", "\\", "a{2,1}", "(?<", "*", "a**", "(?<n>a)\\k<m>", "[b-a]", "\\p{Bogus}", "(?z)", "a{100001}"].each_with_index do |src, i|
  t("re#{i}") { Regexp.new(src).source rescue $!.class }
end
t(:backtrack) { ("a" * 20 + "b") =~ /\A(a+)+\z/ }
t(:backtrack2) { ("a" * 18) =~ /\A(a|a)*b/ }
t(:big_alternation) { Regexp.union((1..2000).map(&:to_s)).match?("1999") }
t(:long_pattern) { Regexp.new("a" * 100_000).match?("a" * 100_000) }
t(:nested_groups) { Regexp.new("(" * 500 + "a" + ")" * 500).match("a")&.size }
t(:named_caps) { /(?<y>\d+)-(?<m>\d+)/.match("2022-04")&.named_captures }
t(:gsub_hash) { "abc".gsub(/[ab]/, "a" => 1) }
t(:gsub_backref) { "abc".gsub(/(b)/, "<\\1\\2\\k<x>>") }
t(:last_match) { "xay" =~ /a/; [$~.pre_match, $`, $', $1] }
t(:match_nil) { "x".match(/y/) { |m| m } }
t(:scan_empty) { "abc".scan(//) }
t(:split_regex_captures) { "a1b2c".split(/(\d)/) }
t(:split_limit) { "a,b,c".split(",", -1) }
t(:lookbehind) { "price: $42".match(/(?<=\$)\d+/)&.to_s }
t(:anchors) { "a\nb" =~ /^b$/ }
t(:unicode_class) { "日本語abc" =~ /\p{Alpha}+$/ }
t(:case_fold) { "ǅ" =~ /ǆ/i }
t(:match_pos) { "abcabc".match(/c/, 3).begin(0) }
t(:match_pos_neg) { "abc".match(/c/, -10) }
t(:match_pos_big) { "abc".match(/c/, 2**70) }
t(:regexp_eq) { /a/ == /a/ }
t(:regexp_hash) { { /a/ => 1 }[/a/] }
t(:escape) { Regexp.escape("a.b*c\n") }
t(:union_mixed) { Regexp.union("a.", /b+/i).source }
t(:interpolated_bad) { x = "("; /#{x}/ }
t(:timeout_like) { ("x" * 5000).match?(/(x+x+)+y/) }
