# MatchData API: [], begin/end/offset, names, captures, values_at, to_a, pre/post
m = /(?<h>\d+):(?<m>\d+)(?::(?<s>\d+))?/.match("at 12:34 today")
p m[0], m[:h], m["m"], m[:s], m[1], m[-1]
p m.begin(0), m.end(0), m.offset(:m), m.begin(:s)
p m.names, m.captures, m.named_captures, m.values_at(1, 2), m.to_a, m.size
p m.pre_match, m.post_match, m.string, m.regexp
p m.inspect
m2 = "a1b2".match(/([a-z])(\d)/, 2)
p m2[0], m2.pre_match
p "xyz".match(/q/), "xyz".match?(/y/)
def inner_match
  "inner 42" =~ /(\d+)/
  $1
end
"outer 7" =~ /(\d+)/
p inner_match, $1
p Regexp.last_match(1)
"k=v" =~ /(\w)=(\w)/
p $~.to_a, $+, $&
