# Uncaught exception whose message has several lines
class ReportError < StandardError
  def initialize = super("report failed:\n  - missing title\n  - empty body")
end
puts "validating"
raise ReportError
