# method_missing receives positional args, keyword args and the block
class Catcher
  def method_missing(name, *args, **kw, &blk)
    "#{name} args=#{args} kw=#{kw} blk=#{blk ? blk.call(name) : "none"}"
  end
  def respond_to_missing?(*) = true
end
c = Catcher.new
puts c.anything
puts c.with_args(1, 2)
puts c.with_kw(a: 1)
puts c.with_all(1, k: 2) { |n| "block sees #{n}" }
puts c.public_send(:dynamic, 9)
puts c.send(:"weird name!", 1)
p c.method(:zzz).arity
puts c.method(:via_method).call(3) { "blk" }
