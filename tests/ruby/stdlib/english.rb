# The real English.rb: its aliases of the special globals.
p require("English"), require("English")
"carmine vm" =~ /(m)(i)/
p $MATCH, $PREMATCH, $POSTMATCH, $LAST_PAREN_MATCH, $LAST_MATCH_INFO.class
p $ARGV, $PROGRAM_NAME, $DEFAULT_OUTPUT.equal?($stdout), $PID == Process.pid
p $INPUT_RECORD_SEPARATOR, $RS, $OUTPUT_FIELD_SEPARATOR, $FIELD_SEPARATOR
begin
  Integer("x")
rescue ArgumentError
  p $ERROR_INFO.message, $ERROR_POSITION.class
end
p $ERROR_INFO
