# The real logger: levels, progname, a custom formatter, formatter procs,
# datetime_format, writing to a StringIO-like object and $stdout.
require "logger"
class Buf
  attr_reader :lines
  def initialize = @lines = []
  def write(s) = (@lines << s; s.size)
  def close; end
end
buf = Buf.new
log = Logger.new(buf)
log.formatter = proc { |sev, _time, prog, msg| "#{sev[0]} #{prog.inspect} #{msg}\n" }
log.info("started")
log.debug { "lazy #{1 + 1}" }
log.level = :warn
log.info("hidden")
log.warn("careful")
log.error(RuntimeError.new("bad"))
log.progname = "app"
log.fatal("stop")
log.unknown("???")
log.add(Logger::ERROR, "added", "prog2")
puts buf.lines
p log.level, log.warn?, log.info?, Logger::SEV_LABEL rescue p log.level, log.warn?, log.info?
out = Logger.new($stdout, progname: "x", formatter: ->(s, t, p, m) { "[#{s}] #{p}: #{m}\n" })
out.info("to stdout")
out << "raw line\n"
f = Logger::Formatter.new
line = f.call("INFO", Time.at(0).utc, "prog", "msg")
p line.sub(/\d{4}-\d\d-\d\dT[\d:.]+/, "TIME").sub(/#\d+/, "#PID")
