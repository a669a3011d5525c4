# BasicObject subclasses: minimal methods, instance_eval, method_missing proxies
class Proxy < BasicObject
  def initialize(target)
    @target = target
    @log = []
  end
  def method_missing(name, *args, &blk)
    @log << name
    @target.__send__(name, *args, &blk)
  end
  def respond_to_missing?(n, ip = false) = @target.respond_to?(n, ip)
  def __log = @log
end
pr = Proxy.new([3, 1, 2])
p pr.sort
p pr.size
p pr.map { _1 * 2 }
p pr.__log
p BasicObject.instance_methods.sort
p Proxy.superclass
p (pr == pr)
p pr.instance_eval { @target }
p defined?(pr.inspect)
b = BasicObject.new
p b.__id__.is_a?(::Integer)
p BasicObject.new.instance_exec(5) { |x| x * 2 }
