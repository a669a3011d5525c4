# split with strings, regexps, limits, captures; join with separators
p "a,b,c".split(",")
p "a, b,  c".split(/,\s*/)
p "a1b22c333".split(/\d+/)
p "a1b22c".split(/(\d+)/)
p "  leading and trailing  ".split
p "a b c d".split(" ", 2), "a b c d".split(" ", -1)
p "abc".split(""), "".split(","), ",a,,b,".split(",")
p "one\ntwo\r\nthree".split(/\r?\n/)
p "key=value=more".split("=", 2)
p [1, [2, [3]]].join(","), [1, nil, "a"].join("-"), [].join
p %w[a b c].join, [[1, 2], [3]].map { _1.join("+") }.join(" | ")
p "2024-01-15".split("-").map(&:to_i)
p "CSV;with;semicolons".split(";").each_slice(2).to_a
p "a  b".split(" "), "a  b".split(/ /)
p "abc".partition("b"), "abcbd".rpartition("b"), "abc".partition("z")
p "hello world".each_char.chunk_while { |a, b| a != " " && b != " " }.map(&:join)
