# def inside def defines on the class when outer runs; def returns symbol
class Lazy
  def setup
    def later = :now_defined
    :setup_done
  end
end
l = Lazy.new
p l.respond_to?(:later)
p l.setup
p l.respond_to?(:later)
p Lazy.new.later
p (def top_level_thing = 1)
p respond_to?(:top_level_thing, true)
p Object.private_method_defined?(:top_level_thing)
p self.class
p self.to_s
p self.inspect
