p "a1b22c333".to_enum(:scan, /\d+/).map { Regexp.last_match.begin(0) }
p "a1b22c333".enum_for(:scan, /[a-z]/).map { $~[0] }
p %w[abc def].grep(/b/) { $& }
%w[abc def].each_with_index.select { |s, i| s =~ /e/ }; p $~
p %w[ab cd].lazy.grep(/c/).map { $& }.to_a
def words(s) = s.to_enum(:scan, /(\w)(\w*)/).map { [$1, $2, $~.pre_match.size] }
p words("hi there you")
"q" =~ /q/
p %w[aa bb].grep(/b/), $~[0]
p [:ab, "cd", 42, nil].grep(/[ac]/), [:ab, "cd", 42].grep_v(/a/), $~[0]
p "a-b_c".each_char.select { |c| c =~ /\W/ }, $~ && $~[0]
