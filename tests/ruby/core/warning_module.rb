# The Warning module: categories, Warning.warn, and Kernel#warn going
# through it (so a library can capture or silence warnings).
$stderr = $stdout
p Warning.class, Warning.instance_method(:warn).owner, Warning.singleton_class.include?(Warning)
p Warning[:deprecated], Warning[:experimental]
begin
  Warning[:bogus]
rescue ArgumentError => e
  p e.message
end
begin
  Warning["deprecated"]
rescue TypeError => e
  p e.class
end
Warning.warn("direct\n")
p Warning.warn("no newline")
puts
begin
  Warning.warn(:sym)
rescue TypeError => e
  p e.message
end
warn "via kernel"
warn "a", "b"
warn
warn "cat", category: :experimental
warn "hidden", category: :deprecated
Warning[:deprecated] = true
warn "shown now", category: :deprecated
Warning[:deprecated] = false
p Warning[:deprecated]
begin
  warn "x", category: :nope
rescue ArgumentError => e
  p e.message
end

# Overriding Warning.warn captures warnings, Kernel#warn's included.
module Warning
  @captured = []
  class << self
    attr_reader :captured
  end

  def self.warn(msg)
    @captured << msg
  end
end
warn "captured one"
warn "two", "lines"
Warning.warn("three")
p Warning.captured

# A prepended module in Warning's singleton class sees the category.
module Warning
  class << self
    remove_method :warn
  end
end
module Loud
  def warn(msg, category: nil)
    super("[#{category.inspect}] #{msg}")
  end
end
Warning.singleton_class.prepend(Loud)
warn "with category", category: :experimental
warn "without"
Warning.warn("plain\n")

# $VERBOSE = nil silences Kernel#warn before Warning.warn is called.
$VERBOSE = nil
warn "silent"
$VERBOSE = false
warn "back"

# The VM's own warnings go through Warning.warn too.
module Warning
  class << self
    attr_accessor :seen
  end
  self.seen = []
  def self.warn(msg)
    seen << msg.sub(/\A.*?:\d+: /, "")
  end
end
$VERBOSE = false
X = 1
X = 2
class Object
  def respond_to?(*) = super
end
class Tmp
  undef_method :initialize
end
p Warning.seen
