# Four classes share a site; a series of unrelated changes must not break results
class W1; def f = 1; end
class W2; def f = 2; end
class W3 < W2; end
class W4 < W3; def f = 4; end
def site(o) = o.f
objs = [W1, W2, W3, W4].map(&:new)
snap = -> { objs.map { site(_1) } }
5.times { snap.() }
res = [snap.()]
class W1; def g = :unrelated; end
res << snap.()
class W3; def f = 3; end
res << snap.()
class W2; def f = 20; end
res << snap.()
W3.send(:remove_method, :f)
res << snap.()
class W4; alias_method :f, :g rescue nil; end
res << snap.()
res.each { p _1 }
