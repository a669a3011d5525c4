# An implicit-self call site whose receiver class varies; subclass overrides helper
class Report
  def render = "[#{fmt}]"
  private def fmt = "plain"
end
class Fancy < Report; end
objs = [Report.new, Fancy.new]
5.times { objs.each(&:render) }
p objs.map(&:render)
class Fancy
  private def fmt = "fancy"
end
p objs.map(&:render)
class Report
  def fmt = "public now"
end
p objs.map(&:render)
Fancy.send(:remove_method, :fmt)
p objs.map(&:render)
