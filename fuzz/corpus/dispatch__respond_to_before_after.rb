# respond_to? results at a warmed site track definition, removal and respond_to_missing?
class Probe; end
def site(o) = o.respond_to?(:ping)
o = Probe.new
5.times { site(o) }
p site(o)
class Probe
  def ping = :pong
end
p site(o)
Probe.send(:remove_method, :ping)
p site(o)
class Probe
  def respond_to_missing?(n, priv = false) = n == :ping
end
p site(o)
Probe.send(:remove_method, :respond_to_missing?)
p site(o)
class Probe
  private def ping = :p
end
p site(o), o.respond_to?(:ping, true)
