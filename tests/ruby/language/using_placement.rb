# Where `using` may be called (CRuby's checks on the calling frame), and a
# refused `using` in a method leaves later calls of that method unrefined
# (frames are reused call after call).
module R
  refine Integer do
    def zz = :refined
  end
end

def t
  yield
rescue => e
  p [e.class, e.message]
end

def g
  using R
end

def probe
  1.zz
rescue NoMethodError => e
  e.message[/undefined method `zz'/]
end

3.times do
  t { g }
  p probe
end
t { [1].each { using R } }
class K
  def self.f = using(R)
  t { f }
  t { [1].each { using R } }
  def h = self.class.send(:using, R)
  t { new.h }

end
t { Module.new.send(:using, R) }
p probe
using R
p 2.zz
