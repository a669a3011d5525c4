def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  msg = e.is_a?(SyntaxError) ? "(parser message)" : e.message.lines.first.to_s.chomp
  puts "#{label}: #{e.class}: #{msg}"
end
t(:syntax) { eval("1 +") }
t(:syntax_class) { begin; eval("def ("); rescue SyntaxError => e; e.class; end }
t(:nested_eval) { eval("eval('eval(\"1 + 1\")')") }
t(:deep_eval) { s = "1"; 12.times { s = "eval(#{s.dump})" }; eval(s) }
t(:eval_local) { x = 5; eval("x + 1") }
t(:eval_define_local) { eval("zz = 3"); defined?(zz).inspect }
t(:eval_binding) { def bnd = (q = 7; binding); bnd.local_variable_get(:q) }
t(:eval_return) { def er = eval("return 9"); er }
t(:eval_break) { [1].each { eval("break") } }
t(:eval_raise_line) { begin; eval("\n\nraise 'x'", nil, "virt.rb", 10); rescue => e; e.backtrace[0] end }
t(:instance_eval_string) { "abc".instance_eval("size") }
t(:class_eval_string) { Class.new.class_eval("def self.z = 4; z") }
t(:eval_nul) { eval("1\0 + 1") }
t(:eval_binary) { eval("\xff") }
t(:eval_empty) { eval("") }
t(:eval_comment) { eval("# nothing") }
t(:eval_end) { eval("1\n__END__\nraise 'no'") }
t(:eval_non_string) { eval(1) }
t(:eval_heredoc_unterminated) { eval("<<X\nabc") }
t(:eval_begin_block) { eval("BEGIN { }") }
t(:send_eval) { send(:eval, "2 * 21") }
t(:method_eval) { method(:eval).call("6 * 7") }
t(:eval_yield) { eval("yield") }
t(:eval_self) { eval("self").to_s }
t(:eval_const) { eval("EvalConst = 1"); EvalConst }
t(:eval_long) { eval((["1"] * 5000).join(" + ")) }
t(:eval_many) { 500.times.sum { |i| eval("#{i} * 2") } }
t(:eval_frozen_str) { eval("'x' << 'y'") }
t(:eval_magic) { eval("# frozen_string_literal: true\n'x' << 'y'") }
