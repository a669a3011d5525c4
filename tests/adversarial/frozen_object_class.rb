def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp.gsub(/0x\h+/, "0xX")}"
end
class Pt
  attr_accessor :x
  def inspect = "PT"
end
o = Pt.new.freeze
t(:ivar_set) { o.instance_variable_set(:@x, 1) }
t(:writer) { o.x = 2 }
t(:singleton_def) { def o.foo = 1 }
t(:define_singleton) { o.define_singleton_method(:bar) { } }
t(:extend) { o.extend(Comparable) }
t(:ivar_get) { o.instance_variable_get(:@x) }
t(:dup_frozen) { o.dup.frozen? }
class K; end
K.freeze
t(:reopen_def) { class K; def x = 1; end }
t(:const_set) { K.const_set(:A, 1) }
t(:cvar_set) { K.class_variable_set(:@@a, 1) }
t(:include) { K.include(Comparable) }
t(:attr) { K.attr_accessor(:q) }
t(:alias) { K.alias_method(:d, :dup) }
t(:new_still_works) { K.new.class }
m = Module.new.freeze
t(:mod_define) { m.define_method(:x) { } }
t(:immediate_ivar) { 1.instance_variable_set(:@a, 1) }
t(:nil_ivar) { nil.instance_variable_set(:@a, 1) }
t(:sym_frozen) { [1.frozen?, :a.frozen?, nil.frozen?, 1.5.frozen?, (2**100).frozen?, (1..2).frozen?, "a".frozen?] }
t(:nil_singleton) { def nil.foo = :nilfoo; nil.foo }
t(:true_singleton) { true.singleton_class }
t(:float_singleton) { 1.5.singleton_class }
t(:bignum_singleton) { (2**100).singleton_class }
t(:main_freeze) { Object.new.freeze.freeze.frozen? }
t(:exception_frozen) { e = RuntimeError.new("m").freeze; raise e }
t(:frozen_struct) { s = Struct.new(:a).new(1).freeze; s.a = 2 }
t(:range_frozen_mod) { (1..2).instance_variable_set(:@x, 1) }
