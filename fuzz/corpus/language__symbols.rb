# Symbol literals, conversions, comparison
p :abc
p :"with space"
p :"quoted"
p :a?
p :b!
p :c=
p :+
p :[]
p :[]=
p :<=>
p %s(sym)
p %i[a b c]
p "str".to_sym
p :sym.to_s
p :abc.to_proc.call("x") rescue p $!.class
p :abc.length
p :abc <=> :abd
p :a == :a
p :Abc.upcase
p :abc.succ
p :"9x"
p :@iv
p :$gv
p :@@cv
p %i[x y].map(&:to_s)
