# TOPLEVEL_BINDING (main's binding) and the file/line arguments of eval,
# Binding#eval, instance_eval and class_eval (line 0 and others).
p TOPLEVEL_BINDING.class, TOPLEVEL_BINDING.receiver
p TOPLEVEL_BINDING.eval("self"), TOPLEVEL_BINDING.eval("self.class")
b = TOPLEVEL_BINDING.dup
b.local_variable_set(:greeting, "hi")
p b.local_variable_get(:greeting), b.eval("greeting + '!'")
p TOPLEVEL_BINDING.local_variable_defined?(:greeting)
p eval("[__FILE__, __LINE__]", nil, "zero.rb", 0)
p eval("\n\n[__FILE__, __LINE__]", nil, "ten.rb", 10)
p eval("__LINE__")
bb = binding
p eval("__LINE__", bb, "b.rb", 0), bb.eval("__LINE__", "bb.rb", 5)
def where
  yield
rescue => e
  e.backtrace[0][/\A[^:]+:\d+/]
end
p where { eval("1\nraise 'x'", binding, "e0.rb", 0) }
p where { eval("raise 'x'", binding, "e7.rb", 7) }
p where { Object.new.instance_eval("\nraise 'x'", "ie.rb", 0) }
p where { String.class_eval("raise 'x'", "ce.rb", 3) }
p where { TOPLEVEL_BINDING.eval("\n\nraise 'x'", "tb.rb", 1) }
begin
  eval("1 +", nil, "syn.rb", 0)
rescue SyntaxError => e
  p e.class
end
