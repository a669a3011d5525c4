# Lookahead/lookbehind, non-greedy, backrefs, anchors, scan with named groups, case
p "price: $42.50".match(/(?<=\$)\d+\.\d+/)[0]
p "foobar foobaz".scan(/foo(?=baz)/).size, "foobar".sub(/foo(?!bar)/, "X")
p "<b>one</b><b>two</b>".scan(/<b>(.*?)<\/b>/).flatten
p "<b>one</b><b>two</b>"[/<b>(.*)<\/b>/, 1]
p "abcabc" =~ /(abc)\1/, "aa bb cd".scan(/(\w)\1/)
p "line1\nline2".scan(/^line\d$/), "line1\nline2" =~ /\Aline2/
p "hello world"[/\b\w/], "hello world".scan(/\b\w/).join
p "CamelCaseWord".split(/(?=[A-Z])/)
p "a,b;c d".split(/[,; ]/), "2+3*4".scan(/\d+|[+*]/)
def tok(s)
  case s
  when /\A\d+\z/ then :int
  when /\A\d+\.\d+\z/ then :float
  when /\A[a-z_]\w*\z/i then :ident
  else :other
  end
end
p %w[42 3.14 foo_1 +].map { tok(_1) }
p "The year 1999 and 2024".gsub(/(?<y>\d{4})/, '<\k<y>>')
p "aAbB".scan(/[[:upper:]]/), "a1 b2".scan(/[[:alpha:]][[:digit:]]/)
p "x" * 3 =~ /x{3}/, "tel: +1 (555) 010".delete("^0-9")
