# frozen_string_literal: true
#
# carmine's io/wait.so: IO#wait_readable, #wait_writable, #wait, #ready?
# and #nread over IO.select.
class IO
  def wait_readable(timeout = nil)
    IO.select([self], nil, nil, timeout) ? self : nil
  end

  def wait_writable(timeout = nil)
    IO.select(nil, [self], nil, timeout) ? self : nil
  end

  def wait(*args)
    timeout = args.find { |a| a.is_a?(Numeric) || a.nil? }
    mode = args.find { |a| a.is_a?(Symbol) } || :read
    case mode
    when :r, :read, :readable then wait_readable(timeout)
    when :w, :write, :writable then wait_writable(timeout)
    else IO.select([self], [self], nil, timeout) ? self : nil
    end
  end

  def ready?
    IO.select([self], nil, nil, 0) ? true : false
  end

  def nread
    0
  end
end
