# frozen_string_literal: true
#
# The Ruby half of carmine's digest.so (src/builtins/ext/digest.rs):
# Digest::Instance's generic methods and Digest::Class, as CRuby's
# digest.c defines them. The installed digest.rb adds `file`,
# `base64digest` and `Digest()` on top.
module Digest
  module Instance
    def update(_str)
      raise RuntimeError, "#{self.class} does not implement update()"
    end

    def <<(_str)
      raise RuntimeError, "#{self.class} does not implement update()"
    end

    def reset
      raise RuntimeError, "#{self.class} does not implement reset()"
    end

    def block_length
      raise RuntimeError, "#{self.class} does not implement block_length()"
    end

    def new
      clone.reset
    end

    def digest(str = nil)
      if str.nil?
        clone.__send__(:finish)
      else
        reset
        update(str)
        value = finish
        reset
        value
      end
    end

    def digest!
      value = finish
      reset
      value
    end

    def hexdigest(str = nil)
      Digest.hexencode(digest(str))
    end

    def hexdigest!
      Digest.hexencode(digest!)
    end

    def to_s
      hexdigest
    end

    def inspect
      "#<#{self.class.name}: #{hexdigest}>"
    end

    def ==(other)
      if other.is_a?(Digest::Instance)
        a = digest
        b = other.digest
      else
        b = String.try_convert(other)
        return false if b.nil?
        a = to_s
      end
      a.bytesize == b.bytesize && a.b == b.b
    end

    def digest_length
      digest.bytesize
    end

    def length
      digest_length
    end

    def size
      digest_length
    end

    private

    def finish
      raise RuntimeError, "#{self.class} does not implement finish()"
    end
  end

  class Class
    include Instance

    def self.digest(*args)
      raise ArgumentError, "no data given" if args.empty?
      str = args.shift
      str = String.new(str) unless str.is_a?(String)
      new(*args).digest(str)
    end

    def self.hexdigest(*args)
      Digest.hexencode(digest(*args))
    end

    def initialize
    end
  end

  class Base
    def self.new(*args)
      raise NotImplementedError, "Digest::Base is an abstract class" if equal?(Digest::Base)
      super
    end
  end
end

# Without an installed digest.rb (no CRuby standard library), Digest::SHA256
# and friends still load on first use, as digest.rb's const_missing does.
unless Digest.respond_to?(:const_missing, true) && Digest.method(:const_missing).owner != Module
  def Digest.const_missing(name)
    lib = %i[SHA256 SHA384 SHA512].include?(name) ? "digest/sha2" : "digest/#{name.to_s.downcase}"
    begin
      require lib
    rescue LoadError
      raise LoadError, "library not found for class Digest::#{name} -- #{lib}", caller(1)
    end
    return Digest.const_get(name) if Digest.const_defined?(name)
    raise NameError, "uninitialized constant Digest::#{name}", caller(1)
  end
end
