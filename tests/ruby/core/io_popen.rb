p IO.popen("echo hello").read
p IO.popen(["echo", "a b", "c"], &:read)
p $?.success?, $?.exitstatus
io = IO.popen("cat", "r+")
io.write "abc\n"
io.puts "def"
io.close_write
p io.read, io.closed?
io.close
p io.closed?, $?.to_i
p IO.popen("exit 3") { |f| f.read }, $?.exitstatus
p IO.popen("sh -c 'echo out; echo err 1>&2'", err: [:child, :out]).readlines
p IO.popen({"FOO" => "bar"}, "echo $FOO").read
p IO.popen(["sh", "-c", "pwd"], chdir: "/tmp").read
w = IO.popen("cat > /dev/null", "w")
w << "data"
p w.pid.is_a?(Integer)
w.close
p $?.success?
begin
  IO.popen("no_such_cmd_zz")
rescue SystemCallError => e
  p e.class, e.message
end
begin
  IO.popen("true", "x")
rescue ArgumentError => e
  p e.message
end
r = IO.popen("echo x")
begin
  r.write "y"
rescue IOError => e
  p e.message
end
r.close
p open("|echo via open").read
p IO.popen(["printf", "%s-%s", "1", "2"]).read
p `echo back`
IO.popen("seq 3") { |f| f.each_line { |l| print "> ", l } }
