def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp.gsub(/0x\h+/, "0xX")}"
end
class X
  def inspect = "X!"
  def method_missing(n, *a, &b)
    if n.to_s.start_with?("dyn_")
      "dyn #{n} #{a.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(n, priv = false) = n.to_s.start_with?("dyn_") || super
end
x = X.new
t(:dyn) { x.dyn_foo(1, 2) }
t(:super_nomethod) { x.other }
t(:respond) { [x.respond_to?(:dyn_a), x.respond_to?(:other)] }
t(:method_obj) { x.method(:dyn_q).call(3) }
t(:name_err) { begin; x.nope; rescue NoMethodError => e; [e.name, e.args, e.receiver.equal?(x)]; end }
t(:private_call) { x.send(:method_missing, :dyn_z) }
t(:basic_object) { begin; BasicObject.new.foo; rescue NoMethodError => e; [e.class, e.name]; end }
class Y
  def method_missing(name) = name
end
t(:mm_arity) { Y.new.foo(1) }
t(:mm_ok) { Y.new.foo }
class Z
  def to_s = "Z"
  def inspect = "Z"
  def method_missing(n, *a) = nil
  def respond_to_missing?(*) = true
end
t(:to_str_nil) { "a" + Z.new }
t(:to_ary_nil) { [1, Z.new].flatten.size }
t(:puts_z) { puts Z.new; :ok rescue $!.class }
t(:array_conv) { Array(Z.new) }
t(:splat) { [*Z.new].size }
class W
  def to_s = "W"
  def method_missing(n, *a)
    puts "W mm #{n}"
    super
  end
end
t(:w_flatten) { [W.new].flatten.size }
t(:w_concat) { "a" + W.new }
t(:w_puts) { $stdout.puts(W.new).inspect.size > 0 }
t(:w_interp) { "#{W.new}".start_with?("#<W") }
t(:w_multi_assign) { a, b = W.new; [a.class, b] }
class V
  def method_missing(n, *a) = send(n.to_s.reverse, *a)
end
t(:recursing_send) { begin; V.new.abc; rescue SystemStackError => e; e.class; end }
class U < BasicObject
  def method_missing(n, *a) = n
end
t(:basic_mm) { U.new.anything }
t(:basic_mm_inspect) { U.new.inspect }
t(:basic_mm_class) { U.new.class }
