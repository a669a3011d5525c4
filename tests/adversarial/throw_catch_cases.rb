def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:rescued) { begin; throw :x, 1; rescue UncaughtThrowError => e; [e.tag, e.value, e.message]; end }
t(:wrong_tag) { catch(:a) { throw :b } }
t(:default_tag) { catch { |tag| throw tag, 5 } }
t(:string_tag_identity) { catch("a") { throw "a" } }
t(:same_obj) { s = "a"; catch(s) { throw s, :ok } }
t(:nested) { catch(:o) { catch(:i) { throw :o, :outer }; :not_here } }
t(:through_methods) { def thr = throw(:deep, :val); catch(:deep) { [1].each { thr } } }
t(:ensure_runs) { r = []; catch(:x) { begin; throw :x; ensure; r << :ens; end }; r }
t(:no_value) { catch(:x) { throw :x } }
t(:throw_in_ensure_overrides) { catch(:a) { begin; raise "x"; ensure; throw :a, :thrown; end } }
t(:catch_returns_block_value) { catch(:x) { 42 } }
t(:throw_no_args) { throw }
t(:uncaught_inside_rescue_standard) { begin; throw :q; rescue StandardError => e; e.class; end }
t(:ancestors) { UncaughtThrowError.ancestors.take(3) }
t(:deep_catch) do
  f = ->(n) { n == 0 ? throw(:bottom, :reached) : catch(:"l#{n}") { f.(n - 1) } }
  catch(:bottom) { f.(500) }
end
t(:break_from_proc) { pr = proc { break 1 }; def callit(p) = p.call; callit(pr) }
t(:next_in_method_block) { [1, 2].map { |x| next x * 10 } }
t(:redo_limit) { c = 0; [1].each { c += 1; redo if c < 3 }; c }
t(:retry_limit) { c = 0; begin; c += 1; raise "x" if c < 3; c; rescue; retry; end }
t(:return_from_lambda_in_method) { def lm = (-> { return 1 }.call; 2); lm }
t(:loop_stopiteration_value) { loop { raise StopIteration, "done" } }
t(:stop_iteration_result) { e = [1].each; e.next; loop { e.next } }
