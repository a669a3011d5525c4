# trap with a String command: the string is evaluated when the signal
# arrives, and at exit for trap("EXIT").
$stdout.sync = true
p trap("USR1", "puts :usr1_string")
Process.kill(:USR1, $$)
p trap("USR1", "DEFAULT")
trap("EXIT", "puts :exit_string")
at_exit { puts :at_exit }
puts :end
