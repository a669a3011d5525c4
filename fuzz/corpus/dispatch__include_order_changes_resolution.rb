# Including modules in sequence: the last included module wins until the class defines it
module A1; def who = "A1"; end
module A2; def who = "A2"; end
class Host; end
def site(h) = h.respond_to?(:who) ? h.who : "none"
h = Host.new
5.times { site(h) }
out = [site(h)]
Host.include(A1)
out << site(h)
Host.include(A2)
out << site(h)
Host.include(A1)
out << site(h)
module A1; def who = "A1v2"; end
out << site(h)
class Host; def who = "Host"; end
out << site(h)
p out
p Host.ancestors.take(3)
