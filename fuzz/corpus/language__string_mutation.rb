# Mutating string methods vs non-mutating, << vs +, bang methods returning nil
s = +"hello"
t = s
s << " world"
p t
u = s + "!"
p s, u
s.upcase!
p t
p s.upcase!
p "abc".capitalize!, "Abc".capitalize!
x = String.new("xyz")
x.replace("new")
p x
x.insert(1, "--")
p x
x.prepend(">")
p x
x.concat("<", "<")
p x
x[0] = "["
p x
x[-1..] = "]"
p x
x.sub!("--", "+")
p x
x.gsub!(/[^a-z]/, "")
p x
x.squeeze!
p x
y = "aaabbb"
p y.squeeze, y.squeeze("a"), y.delete("b"), y.count("a")
y.clear
p y, y.empty?
z = "chomp\n"
p z.chomp, z.chop, "abc".chomp("c"), "x".chop.chop
w = +"strip  "
p w.strip!, w.strip!, w
