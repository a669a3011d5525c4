require 'delegate'
require 'forwardable'
class Svc
  def call(x, mode: :fast, **opts) = [x, mode, opts]
end
d = SimpleDelegator.new(Svc.new)
p d.call(1, mode: :slow, extra: 2)
p d.call(1)
class Wrap
  extend Forwardable
  def_delegators :@s, :call
  def initialize = @s = Svc.new
end
p Wrap.new.call(2, mode: :x)
class Proxy
  def initialize(t) = @t = t
  ruby2_keywords def method_missing(name, *args, &blk)
    @t.send(name, *args, &blk)
  end
  def respond_to_missing?(*) = true
end
p Proxy.new(Svc.new).call(3, mode: :y, z: 1)
def plain(*args) = args
p plain(a: 1), Hash.ruby2_keywords_hash?(plain(a: 1).last)
ruby2_keywords def flagged(*args) = args
h = flagged(a: 1).last
p Hash.ruby2_keywords_hash?(h), h
p Hash.ruby2_keywords_hash?(Hash.ruby2_keywords_hash({b: 2}))
class Base
  def m(*args, **kw) = [args, kw]
  def y = yield(1, k: 2)
end
class Sub < Base
  ruby2_keywords def m(*args) = super(*args)
end
p Sub.new.m(1, a: 2), Sub.new.m(1, {a: 2})
ruby2_keywords def via_yield(*args) = Base.new.y { |*a, **k| [a, k] }
p via_yield(1)
PR = proc { |*args, **kw| [args, kw] }
ruby2_keywords def via_call(*args) = PR.call(*args)
p via_call(1, x: 1), via_call(1, {x: 1})
ruby2_keywords def pass_along(*args) = args
a = pass_along(1, k: 1)
b = a.dup
def takes_kw(x, k: 0) = [x, k]
p takes_kw(*a), takes_kw(*b), Hash.ruby2_keywords_hash?(a.last), Hash.ruby2_keywords_hash?(a.last.dup)
class Ghost
  def method_missing(name, *args, **kw) = [name, args, kw]
  def respond_to_missing?(*) = true
end
ruby2_keywords def fwd(o, *args) = o.anything(*args)
p fwd(Ghost.new, 1, k: 2), fwd(Ghost.new, 1, {k: 2})
def yielder = yield
ruby2_keywords def via_proc_block(*args, &b) = yielder { b.call(*args) }
p via_proc_block(1, z: 3) { |*a, **k| [a, k] }
ruby2_keywords def yb(*args) = [1].map { |_| yield(*args) }
blk = proc { |*a, **k| [a, k] }
p yb(2, q: 1, &blk)
