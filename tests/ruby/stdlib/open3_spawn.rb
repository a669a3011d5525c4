# Process.spawn with redirections, exec in a child, Open3 on top of them,
# and $? per thread.
require 'open3'
require 'tmpdir'

def m(**kw) = kw
[-> { m(**nil) }, -> { {a: 1, **nil} }].each do |l|
  l.call
rescue TypeError => e
  p e.message
end

Dir.mktmpdir do |dir|
  log = File.join(dir, "out.log")
  pid = Process.spawn("echo to-file; echo err-too 1>&2", out: log, err: [:child, :out])
  Process.wait(pid)
  p $?.exitstatus, File.read(log)

  pid = spawn({ "GREETING" => "hi there" }, "sh", "-c", "echo $GREETING; pwd", chdir: dir, out: [log, "a"])
  _, st = Process.wait2(pid)
  p st.success?, File.read(log).lines.map(&:chomp).map { |l| l.sub(dir, "DIR") }

  File.open(log, "w") do |f|
    f.puts "first"
    pid = spawn("echo", "second", out: f)
    Process.wait(pid)
    f.puts "third"
  end
  p File.read(log)

  r, w = IO.pipe
  Process.wait(spawn("true", in: :close, out: w))
  rd, wr = IO.pipe
  pid = spawn("tr a-z A-Z", in: rd, out: w)
  rd.close
  w.close
  wr.write("shout\n")
  wr.close
  Process.wait(pid)
  p r.read

  pid = fork { exec("sh", "-c", "exit 7") }
  Process.wait(pid)
  p $?.exitstatus
  pid = fork { exec({ "X" => "1" }, "sh -c 'exit $X'") }
  Process.wait(pid)
  p $?.exitstatus
end

begin
  spawn("no-such-program-here")
rescue Errno::ENOENT => e
  p e.class
end

out, st = Open3.capture2("sort", stdin_data: "b\nc\na\n")
p out, st.exitstatus
out, err, st = Open3.capture3("sh", "-c", "echo O; echo E >&2; exit 3")
p out, err, st.exitstatus
p Open3.capture2e("sh -c 'echo one; echo two >&2'")[0].lines.sort
Open3.popen3("cat") do |i, o, e, t|
  i.puts "via popen3"
  i.close
  p o.read, e.read, t.value.success?
end
Open3.popen2("wc", "-l") do |i, o, t|
  i.write("1\n2\n3\n")
  i.close
  p o.read.strip, t.value.class
end
p Open3.pipeline_r("printf 'b\\na\\n'", "sort") { |o, ts| [o.read, ts.map { |t| t.value.success? }] }

system("exit 4")
t = Thread.new { system("exit 9"); $?.exitstatus }
p t.value, $?.exitstatus
p Thread.new { $? }.value
