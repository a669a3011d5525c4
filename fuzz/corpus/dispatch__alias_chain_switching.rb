# Switching an alias between implementations repeatedly at one warm site
class Sorter
  def bubble = :bubble
  def quick = :quick
  alias_method :sort_impl, :bubble
end
def site(s) = s.sort_impl
s = Sorter.new
out = []
6.times do |i|
  5.times { site(s) }
  out << site(s)
  Sorter.send(:alias_method, :sort_impl, i.even? ? :quick : :bubble)
end
p out
class Sorter
  def quick = :quick_v2
end
p site(s)
