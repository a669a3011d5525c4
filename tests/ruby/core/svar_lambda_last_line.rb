# $~ and $_ belong to the scope a method, class body or file runs: blocks,
# lambdas and define_method bodies written there share them (a lambda's
# `return` still leaves only the lambda); callees have their own.
def m1
  "# Hi" =~ /(#)\s(.*)/
  f = lambda { "abc".gsub(/b/, "x") }
  f.()
  p $~
  "# Hi" =~ /(#)\s(.*)/
  g = proc { "abc".sub(/b/, "x") }
  g.call
  p $~
  "# Hi" =~ /(#)\s(.*)/
  -> { -> { "yz" =~ /y/ }.() }.()
  p $~
  "# Hi" =~ /(#)\s(.*)/
  [1].each { -> { "w" =~ /w/ }.call }
  p $~
  "# Hi" =~ /(#)\s(.*)/
  -> { [2].each { "v" =~ /v/ } }.()
  p $~
  r = -> { "ret" =~ /r/; return :from_lambda; :not_here }.()
  p r, $~
end
m1

class C
  define_method(:f) { "zz" =~ /z/; $~ }
  define_method(:g) { $~ }
end
"ab" =~ /b/
C.new.f
p $~
p C.new.g

def mk = -> { "q" =~ /q/ }
l = mk
"ab" =~ /b/
l.()
p $~

$_ = "top"
def m2
  p $_
  $_ = "inner"
  [1].each { $_ = "blk" }
  p $_
  -> { $_ = "lam" }.()
  $_
end
p m2
p $_

require 'stringio'
def reads
  $stdin = StringIO.new("l1\nl2\nl3 7\n")
  gets
  p $_
  l = -> { gets; $_ }
  p l.()
  p $_
  gets
  print
  print if /\d/
  print "x", "y\n" unless /nothing/
  p(~/(\d)/, $1)
ensure
  $stdin = STDIN
end
reads
p $_
def q = $~
"x" =~ /x/
p q
