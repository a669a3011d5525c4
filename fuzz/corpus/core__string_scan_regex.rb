# scan with and without groups, named captures, match iteration
text = "Order 12 apples, 7 pears and 30 plums"
p text.scan(/\d+/)
p text.scan(/(\d+) (\w+)/)
p text.scan(/\d+/).map(&:to_i).sum
p "a1b2c3".scan(/[a-z]\d/) { |m| print m.upcase, " " }
puts
p "key1=val1;key2=val2".scan(/(\w+)=(\w+)/).to_h
p "aaa".scan(/a*/)
p "The Cat sat".scan(/\b[A-Z]\w*/)
p "x@y.com, z@w.org".scan(/(?<user>\w+)@(?<host>[\w.]+)/)
p "mississippi".scan(/ss/).length, "mississippi".scan(/(s)(s)/)
p "tel 555-1234 or 555-9876".scan(/(\d{3})-(\d{4})/).map { |a, b| "#{b}/#{a}" }
res = []
"a=1, b=22".scan(/(\w)=(\d+)/) { res << [$1, $2.to_i, $~.begin(0)] }
p res
