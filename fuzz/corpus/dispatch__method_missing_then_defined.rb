# method_missing handles a name until a real method appears; then removal restores mm
class Finder
  def method_missing(n, *a) = n.to_s.start_with?("find_") ? "mm #{n}" : super
  def respond_to_missing?(n, p = false) = n.to_s.start_with?("find_") || super
end
def site(f) = f.find_all
f = Finder.new
5.times { site(f) }
p site(f)
class Finder
  def find_all = "real find_all"
end
p site(f)
Finder.send(:remove_method, :find_all)
p site(f)
Finder.define_method(:find_all) { "bmethod find_all" }
p site(f)
