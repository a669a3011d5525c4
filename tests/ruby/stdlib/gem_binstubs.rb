# Debian's gem binstubs run by this interpreter: /usr/bin/rake (Gem.use_gemdeps,
# Gem.activate_bin_path, then rake's exe) on a Rakefile with dependencies,
# `rake -T`, a failing task's status; /usr/bin/racc3.1 generating a parser
# that then loads and parses here.
require "tmpdir"
exe = File.readlink("/proc/self/exe")
Dir.mktmpdir do |dir|
  File.write(File.join(dir, "Rakefile"), <<~'RAKE')
    desc "Everything"
    task default: [:lib, :docs]
    desc "The library"
    task lib: :config do puts "lib" end
    task :config do puts "config" end
    desc "The documents"
    task docs: :config do puts "docs" end
    file "out.txt" => "Rakefile" do |t| File.write(t.name, "x"); puts "wrote #{t.name}" end
    task :boom do raise "no good" end
  RAKE
  Dir.chdir(dir) do
    [[], ["-T"], ["out.txt"], ["out.txt"], ["boom"]].each do |args|
      $stdout.flush
      # (rake's report of the failure names the temporary directory)
      ok = system("sh", "-c", '"$0" /usr/bin/rake "$@" 2>/dev/null', exe, *args)
      p [args, ok, $?.exitstatus]
    end
  end
  File.write(File.join(dir, "calc.y"), <<~'Y')
    class Calc
    rule
      exp: exp '+' term { result = val[0] + val[2] } | exp '-' term { result = val[0] - val[2] } | term
      term: NUM
    end
    ---- inner
      def parse(toks) = (@toks = toks; do_parse)
      def next_token = @toks.shift
  Y
  out = File.join(dir, "calc.rb")
  $stdout.flush
  p system(exe, "/usr/bin/racc3.1", "-o", out, File.join(dir, "calc.y"))
  load out
  p Calc.new.parse([[:NUM, 10], ["-", "-"], [:NUM, 3], ["+", "+"], [:NUM, 4], [false, false]])
  p (Calc.new.parse([[:NUM, 1], [:NUM, 2], [false, false]]) rescue $!.class)
end
