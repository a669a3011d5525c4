# $~ belongs to the method (or file top level) that matched; blocks share
# their method's; callees and recursion do not clobber it.
def inner
  "inner-7" =~ /(\d)/
  $1
end

def outer
  "outer-3" =~ /(\d)/
  got = inner
  [got, $1, $~.pre_match]
end
p outer

def rec(n)
  "n#{n}" =~ /(\d+)/
  rec(n - 1) if n > 0
  $1
end
p rec(3)

def yielder
  "yy" =~ /(y)/
  r = yield
  [r, $1]
end
"main-5" =~ /(\d)/
p yielder { $1 }
p $1

def setter
  $~ = /(a)(b)/.match("xab")
  $2
end
p setter, $1

def no_match_here
  $~
end
p no_match_here

p Regexp.last_match(1)
"zzz".sub(/(z)/) { $1.upcase }
p $1
%w[a1 b2 c3].each_with_index.map { |s, i| s =~ /(\d)/; $1.to_i + i }.then { |a| p a }
p $~ && $~[0]
m = "k9".match(/(\d)/)
p m[1], $1
"none" =~ /\d/
p $~, $1
