# carmine's own small prelude: core methods that are simplest in Ruby.
module Kernel
  def respond_to_missing?(name, include_private = false)
    false
  end
end

# Marshal loads its implementation (lib/marshal.rb) on first use, which
# replaces these stubs.
module Marshal
  MAJOR_VERSION = 4
  MINOR_VERSION = 8

  def self.dump(...)
    require "__marshal"
    dump(...)
  end

  def self.load(...)
    require "__marshal"
    load(...)
  end
end
