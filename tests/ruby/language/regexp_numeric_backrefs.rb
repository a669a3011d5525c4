p(/\99999/.match("99999"))
p((/\10()()()()()()()()()()/ =~ "\x08"))
p(/\1()/.match(""))
p(/(?:(a)|b)\1/.match("b"))
p(/(?:(\2)|(.))+/.match("aa").to_a) rescue p $!
p(/(a)\01/.match("aa"), /(a)\01/.match("a\x01").to_a)
p((Regexp.new("\\2") rescue $!))
p(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10/.match("abcdefghijj").to_a)
p(/\81/.match("81"))
p(/\1234/.match("S4"))
%w[(a)(?(<-1>)a|b) (a)(?('-1')a|b) (a)(?(01)a|b) (a)(?(<01>)a|b) (a)(?(1)a|b) (?<n>a)(?(<n>)a|b) (?<a>a)(?(a)a|b) (a)\k<-1> (a)\g<-1> (a)\k<01>].each do |src|
  p((Regexp.new(src).match("aa").to_a rescue $!))
end
