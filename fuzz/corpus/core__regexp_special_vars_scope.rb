# $~ and $1 are frame-local: methods and blocks see their own / the caller's
def m1
  "abc" =~ /b/
  [$~[0], $`]
end
"xyz" =~ /y/
p m1, $~[0]
["a1", "b2"].each { |s| s =~ /(\d)/; print $1, " " }
puts
p $1
r = "q9".gsub(/(\d)/) { "<#{$1}>" }
p r, $1
"hello" =~ /(l+)/
pr = proc { $1 }
p pr.call
"zz" =~ /nomatch/
p pr.call, $~
