# io/console on descriptors that are not terminals (standard streams
# redirected, a pipe): each method raises as console.c does, with the
# path for the non-block forms; escape-sequence writers still write.
require "io/console"
r, w = IO.pipe
tests = {
  "raw{}" => ->(io) { io.raw { 1 } }, "raw!" => ->(io) { io.raw! }, "cooked{}" => ->(io) { io.cooked { 1 } },
  "cooked!" => ->(io) { io.cooked! }, "noecho{}" => ->(io) { io.noecho { 1 } }, "echo=" => ->(io) { io.echo = false },
  "echo?" => ->(io) { io.echo? }, "getch" => ->(io) { io.getch }, "winsize" => ->(io) { io.winsize },
  "winsize=" => ->(io) { io.winsize = [24, 80] }, "iflush" => ->(io) { io.iflush }, "oflush" => ->(io) { io.oflush },
  "ioflush" => ->(io) { io.ioflush }, "console_mode" => ->(io) { io.console_mode }, "getpass" => ->(io) { io.getpass("pw: ") },
"cursor" => ->(io) { io.cursor }, "goto" => ->(io) { io.goto(1, 2) },
  "erase_line" => ->(io) { io.erase_line(0) }, "clear_screen" => ->(io) { io.clear_screen },
}
[["stdin", $stdin], ["stdout", $stdout], ["pipe", r]].each do |name, io|
  tests.each do |t, f|
    begin
      v = f.(io)
      puts "#{name} #{t}: #{v.inspect}"
    rescue => e
      puts "#{name} #{t}: #{e.class}: #{e.message}"
    end
  end
end
p IO.respond_to?(:console)
[[1], [1, 2, 3], "x"].each do |arg|
  $stdout.winsize = arg
rescue => e
  puts "winsize=#{arg.inspect}: #{e.class}: #{e.message}"
end
begin
  $stdout.getpass("a", "b")
rescue ArgumentError => e
  puts e.message
end
require "io/console/size"
ENV["LINES"] = "40"
p IO.default_console_size
p $stdout.cursor_up(2), $stdout.goto_column(3)
begin
  $stdin.puts "x"
rescue IOError => e
  p e
end
