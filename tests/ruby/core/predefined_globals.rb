# The predefined globals and their other names: $* $0 $PROGRAM_NAME $> $" $:
# $-I $-w $-v $-d $-0 $-F $-p $-l $-a $-i, assigning $>, alias of special
# globals ($&, $~, $!, aliases of aliases) and require consulting $".
p $*, $*.equal?(ARGV)
p $0, $PROGRAM_NAME
p $>.equal?($stdout), $DEFAULT_OUTPUT
p $".class, $".equal?($LOADED_FEATURES)
p $:.equal?($LOAD_PATH), $-I.equal?($LOAD_PATH)
p $-w, $-v, $-d, $DEBUG, $-0, $-F, $-p, $-l, $-a, $-i
$-v = true
p $VERBOSE, $-w
$VERBOSE = false
class Sink
  attr_reader :out
  def initialize = @out = +""
  def write(*s) = s.each { |x| @out << x.to_s }.sum(&:size)
end
sink = Sink.new
$> = sink
puts "captured"
print "a", "b"
$> = STDOUT
p sink.out, $stdout.equal?(STDOUT)
begin
  $> = 42
rescue TypeError => e
  p e.message
end
alias $M $&
alias $PRE $`
alias $POST $'
alias $PAREN $+
alias $INFO $~
alias $M2 $M
"hello world" =~ /o (w)(o)/
p $M, $PRE, $POST, $PAREN, $INFO.equal?($~), $1, $M2
"zzz" =~ /q/
p $M, $INFO
alias $ERR $!
alias $POS $@
p $ERR, $POS
begin
  raise ArgumentError, "bad"
rescue
  p $ERR, $POS.class, $POS.size > 0
end
p defined?($M), defined?($NEVER_SET)
path = "/tmp/carmine_golden_feature_#{$$}.rb"
File.write(path, "puts 'loading feature'\n")
begin
  p require(path), require(path)
  p $".include?(File.realpath(path))
  $".delete(File.realpath(path))
  p require(path)
ensure
  File.delete(path)
end
p require("thread"), require("enumerator"), require("rational")
begin
  require "no_such_lib_for_golden"
rescue LoadError => e
  p e.message
end
