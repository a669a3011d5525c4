# method_missing calling super gives the normal NoMethodError at top level
class Strict
  def method_missing(name, *args)
    name.to_s.end_with?("?") ? false : super
  end
  def respond_to_missing?(n, ip = false) = n.to_s.end_with?("?") || super
  def inspect = "#<Strict>"
end
s = Strict.new
p s.ready?
s.launch
