def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message}"; end
t { begin; raise "x"; rescue 1; end }
t { begin; raise "x"; rescue *[String]; end }
t { begin; raise "x"; rescue *[RuntimeError, 2]; p :ok; end }
t { begin; raise "x"; rescue *["s"]; end }
t { class << 1; end }
t { class << :sym; end }
t { 1.instance_eval { alias foo to_s } }
t { "s".instance_eval { alias foo to_s }; p "s".respond_to?(:foo) }
begin; raise "err"; rescue; catch(:x) { throw :x }; p $!; end
def m
  begin
    return 1
  ensure
    begin
      return 2
    ensure
      return 3
    end
  end
end
p m
module Mx; end
class Object; include Mx; end
module Mx; def hi = :hi; end
p 1.hi
t { p 1.instance_eval { self + 1 } }
t { 1.instance_eval { def foo; end }; p 2.respond_to?(:foo) }
t { 1.instance_eval { alias foo to_s } }
t { :s.instance_eval { def foo; end } }
t { 1.5.instance_eval { def foo; end } }
t { nil.instance_eval { def nfoo = 1 }; p nil.nfoo }
t { "lit".instance_eval { def sfoo = 2 }; p "lit".respond_to?(:sfoo) }
t { o = Object.new; o.instance_eval { def ofoo = 3 }; p o.ofoo, o.singleton_methods }
t { 1.instance_exec { undef_method :x } }
