def t; yield; rescue Exception => e; p [e.class, e.message]; end
t { $~ = Object.new }
t { $/ = 1 }
t { $/ = true }
o = Object.new; def o.to_str = "x"
t { $/ = o }
t { $-0 = 1 }
t { $\ = 1 }
t { $, = 1 }
t { $, = "a" ; $, = nil}
t { $; = 1 }
t { $; = "a"; $; = nil }
t { $. = 123.5; p $. }
t { $. = o }
t { $: = [] }
t { $" = [] }
t { $< = 1 }
t { $FILENAME = 1 }
t { $* = 1 }
t { $VERBOSE = 1; p $VERBOSE; $VERBOSE = false }
t { $0 = nil }
t { $0 = "abc"; p $0 }
t { $= ; $= = 1 }
t { $LOAD_PATH = [] }
t { $LOADED_FEATURES = [] }
t { $-I = [] }
