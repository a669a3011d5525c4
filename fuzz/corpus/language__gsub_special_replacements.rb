# gsub/sub replacement strings with backreferences and hash/block forms
s = "John Smith, Jane Doe"
p s.gsub(/(\w+) (\w+)/, '\2 \1')
p s.gsub(/(?<first>\w+) (?<last>\w+)/, '\k<last>, \k<first>')
p s.sub(/o/, "0")
p s.gsub("o", "0")
p s.gsub(/[aeiou]/) { |v| v.upcase }
p s.gsub(/[JS]/, "J" => "j", "S" => "s")
p "a-b_c".tr("-_", "  ")
p "hello".gsub(/l/, '[\0]')
p "hello".gsub("l", '\\\\')
p "path/to/file".gsub("/", "::")
p "aaa".sub(/a/) { $&.upcase }
p "x1y22z333".gsub(/\d+/) { |m| (m.to_i * 2).to_s }
p "snake_case_words".gsub(/_(\w)/) { $1.upcase }
p "CamelCaseString".gsub(/([A-Z])/) { "_" + $1.downcase }.sub(/^_/, "")
p "tel: 555-1234".gsub(/\D/, "")
p "a.b.c".gsub(".", "-")
p "hello world".gsub(/o/, "o" => "0")
