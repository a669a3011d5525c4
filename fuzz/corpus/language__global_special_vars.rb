# Some special globals: $stdout, $,, $/, $;, $_, $~, $!, $PROGRAM_NAME avoided
p $/
p $!
begin
  raise "err"
rescue
  p $!.message
end
p $!
"hello world" =~ /o (w)/
p $~[0], $1, $`, $'
p $~.pre_match
"xyz" =~ /nomatch/
p $~, $1
$stdout.puts "via $stdout"
STDOUT.print "via STDOUT\n"
$stdout.write("write ", 1, "\n")
p __FILE__
p __LINE__
p __dir__.nil?
p [__FILE__ == $0]
def m = __method__
p m
