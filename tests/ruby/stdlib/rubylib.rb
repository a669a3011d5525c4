# RUBYLIB: its directories come after -I and before the standard library
# in $LOAD_PATH, and a library there shadows the installed one (the child
# interpreter is this one, run by system with an environment Hash).
require "tmpdir"
exe = File.readlink("/proc/self/exe")
Dir.mktmpdir do |dir|
  a = File.join(dir, "a")
  b = File.join(dir, "b")
  inc = File.join(dir, "inc")
  [a, b, inc].each { |d| Dir.mkdir(d) }
  File.write(File.join(a, "abbrev.rb"), "module Abbrev; def self.who = :rubylib_a; end\n")
  File.write(File.join(b, "only_in_b.rb"), "ONLY_IN_B = 42\n")
  File.write(File.join(inc, "only_in_b.rb"), "ONLY_IN_B = :from_inc\n")
  prog = <<~RUBY
    lp = $LOAD_PATH.map { |d| d.sub(#{dir.inspect}, "DIR") }
    p lp.take(3)
    p lp.index("/usr/lib/ruby/3.1.0") > 2
    require "abbrev"
    p Abbrev.who
    require "only_in_b"
    p ONLY_IN_B
    p $LOADED_FEATURES.grep(/only_in_b|abbrev/).map { |f| f.sub(#{dir.inspect}, "DIR") }
  RUBY
  env = { "RUBYLIB" => "#{a}:#{b}" }
  $stdout.flush; system(env, exe, "-e", prog)
  $stdout.flush; system(env, exe, "-I", inc, "-e", prog)
  $stdout.flush; system({ "RUBYLIB" => "" }, exe, "-e", "p $LOAD_PATH.first == '/usr/local/lib/site_ruby/3.1.0' || $LOAD_PATH.first")
end
