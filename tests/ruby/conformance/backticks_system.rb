# Kernel#` and Kernel#system with $? (Process::Status)
p `echo hello`
p $?.class, $?.success?, $?.exitstatus, $?.exited?, $?.to_i
x = "wor"
p `echo #{x}ld`, %x(printf abc)
`exit 3`
p $?.success?, $?.exitstatus, $?.to_s.sub(/\d+/, "PID"), $?.inspect.sub(/\d+/, "PID")
p system("true"), $?.exitstatus
p system("exit 2"), $?.exitstatus
p system("echo", "from", "system")
$stdout.flush
p system("nonexistent_command_xyz_123")
begin
  `nonexistent_command_xyz_123`
rescue Errno::ENOENT => e
  p e.message
end
ENV["CARMINE_GOLDEN_VAR"] = "set"
p `echo $CARMINE_GOLDEN_VAR`, ENV["CARMINE_GOLDEN_VAR"]
ENV.delete("CARMINE_GOLDEN_VAR")
p ENV["CARMINE_GOLDEN_VAR"], `echo "[$CARMINE_GOLDEN_VAR]"`
