# carmine's own small prelude: core methods that are simplest in Ruby.
module Kernel
  def respond_to_missing?(name, include_private = false)
    false
  end
end
