at_exit { puts "at_exit: #{$!.inspect}" }
at_exit { puts "status check: #{$!.class}" }
def f = raise(ArgumentError, "boom")
f
