# alias vs alias_method, aliasing captures the old body
class Greeter
  def hi = "hi"
  alias hello hi
  alias_method :hey, :hi
  def hi = "HI (new)"
end
g = Greeter.new
p g.hi, g.hello, g.hey
p Greeter.instance_method(:hello).name
p Greeter.instance_method(:hello).original_name
class String
  alias_method :old_reverse, :reverse
  def reverse = "rev:" + old_reverse
end
p "abc".reverse
class String
  alias_method :reverse, :old_reverse
end
p "abc".reverse
$old = 1
alias $new $old
$new = 2
p $old
r = class Greeter; alias_method :yo, :hi; end
p r
class Wrapped
  def run(x) = x * 2
  alias_method :run_without_log, :run
  def run(x)
    "log(#{run_without_log(x)})"
  end
end
p Wrapped.new.run(5)
