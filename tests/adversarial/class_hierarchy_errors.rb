def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp.gsub(/0x\h+/, "0xX")}"
end
t(:superclass_mismatch) { eval("class Integer < String; end") }
t(:not_a_class) { eval("XC = 1; class XC; end") }
t(:not_a_module) { eval("class YC; end; module YC; end") }
t(:cyclic_include) { eval("module MC; include MC; end") }
t(:cyclic_prepend) { eval("module MP; prepend MP; end") }
t(:mutual_include) { eval("module MA; end; module MB; include MA; end; module MA; include MB; end") }
t(:inherit_singleton) { Class.new(Object.new.singleton_class) }
t(:reopen_with_other_super) { eval("class SC < Array; end; class SC < Hash; end") }
t(:module_as_superclass) { Class.new(Kernel) }
t(:include_class) { Module.new.include(String) }
t(:extend_self_module) { m = Module.new; m.extend(m); m.singleton_class.include?(m) }
t(:prepend_to_basic) { BasicObject.prepend(Module.new); :ok }
t(:undef_initialize) { c = Class.new { undef_method :initialize }; c.new.class.class }
t(:remove_missing) { Class.new.send(:remove_method, :nope) }
t(:undef_missing) { Class.new.send(:undef_method, :nope) }
t(:alias_missing) { Class.new { alias_method :a, :nope } }
t(:alias_gvar) { eval("alias $new_g $old_g"); $new_g }
t(:instance_var_on_class) { Class.new.instance_variable_set(:@x, 1) }
t(:cvar_from_toplevel) { eval("@@toplevel_cvar = 1") }
t(:const_reassign) { eval("RC = 1; RC = 2; RC") }
t(:remove_const_missing) { Object.send(:remove_const, :NoSuchConst) }
t(:private_const) { eval("module PCM; X = 1; private_constant :X; end; PCM::X") }
t(:deprecate_const) { eval("module DCM; Y = 2; deprecate_constant :Y; end; DCM::Y") }
t(:const_get_nested_bad) { Object.const_get("String::Nope::X") }
t(:const_defined_weird) { Object.const_defined?("1abc") }
t(:singleton_class_of_singleton) { o = Object.new; o.singleton_class.singleton_class.singleton_class.ancestors.size > 3 }
t(:define_method_sym_weird) { c = Class.new { define_method(:"with space") { 1 } }; c.new.send(:"with space") }
t(:method_named_empty) { c = Class.new { define_method(:"") { 2 } }; c.new.send(:"") }
t(:instance_variable_weird) { o = Object.new; o.instance_variable_set(:"@é", 3); o.instance_variables }
t(:class_eval_string_err) { begin; String.class_eval("def broken("); rescue SyntaxError => e; e.class; end }
t(:module_function_no_module) { eval("module_function") }
t(:refine_class_in_class) { Class.new { refine(String) { } } }
t(:subclasses) { c = Class.new; 3.times { Class.new(c) }; c.subclasses.size }
