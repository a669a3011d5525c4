# String predicates and comparisons: empty?, match?, ascii_only?, between?, eql?, casecmp?
p "".empty?, " ".empty?, " ".strip.empty?
p "abc".ascii_only?, "abé".ascii_only?
p "abc".eql?("abc"), "abc".equal?("abc"), "a" * 3 == "aaa"
p "Apple".casecmp?("apple"), "a".casecmp("B"), "b".casecmp("A")
p "abc" < "abd", "Z" < "a", "10" < "9", "abc" <=> "ab"
p "hello".include?("ell"), "hello".match?(/^h.*o$/), "hello" =~ /xyz/
p "123".match?(/\A\d+\z/), "12a".match?(/\A\d+\z/)
p "title case".split.all? { _1 == _1.capitalize }, "Title Case".split.all? { _1 == _1.capitalize }
p "racecar" == "racecar".reverse, "abc".start_with?("b", "a")
