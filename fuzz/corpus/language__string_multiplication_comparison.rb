# String *, %, +, <=>, ==, eql?, equal?, casecmp, hash equality
p "ab" * 3
p "-" * 0
p "x" + "y"
p "abc" == "abc", "abc".eql?("abc"), "abc".equal?("abc")
p "a".casecmp("A"), "a".casecmp?("A"), "b".casecmp("A")
p "abc".hash == "abc".hash
p "Ab" <=> "ab"
h = {"key" => 1}
k = "key"
p h[k]
k2 = +"ke"
k2 << "y"
p h[k2]
p "%s-%s" % ["a", "b"]
p "%.1f%%" % 12.34
p "abc".start_with?("ab"), "abc".end_with?("bc", "zz"), "abc".include?("d")
