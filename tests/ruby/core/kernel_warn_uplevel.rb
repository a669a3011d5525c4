# Kernel#warn: uplevel: prefixes the caller's location, category: filters,
# $VERBOSE = nil silences; messages go to $stderr.
$stderr = $stdout
def deprecated_api
  warn("deprecated_api is deprecated", uplevel: 1)
end

def outer = deprecated_api

deprecated_api
outer
warn("here", uplevel: 0)
warn("two", "lines", uplevel: 0)
warn("plain")
warn
warn(nil)
warn(:sym, uplevel: 0)
warn("exp", category: :experimental)
warn("dep", category: :deprecated)
begin
  warn("x", category: :bogus)
rescue ArgumentError => e
  puts e.message
end
begin
  warn("x", uplevel: -1)
rescue ArgumentError => e
  puts e.message
end
p [1, 2].any?(Integer) { |x| x > 5 }
p [1, 2].all?(Integer) { |x| x > 5 }
$VERBOSE = nil
warn("silenced")
warn("silenced too", uplevel: 0)
$VERBOSE = false
warn("back")
class Catcher
  def initialize = @got = []
  def write(*s) = @got.concat(s)
  attr_reader :got
end
c = Catcher.new
$stderr = c
warn("caught", uplevel: 0)
$stderr = STDOUT
p c.got
