# frozen_string_literal: true
#
# carmine's io/nonblock.so: IO#nonblock?, #nonblock=, #nonblock { }. The
# flag is kept on the IO object: carmine's pipes are always non-blocking
# underneath (a read that would block waits in the thread scheduler), and
# the standard streams start blocking, as on CRuby.
class IO
  def nonblock?
    return @__nonblock unless @__nonblock.nil?
    fileno > 2
  end

  def nonblock=(flag)
    @__nonblock = flag ? true : false
    flag
  end

  def nonblock(flag = true)
    old = nonblock?
    self.nonblock = flag
    begin
      yield self
    ensure
      self.nonblock = old
    end
  end
end
