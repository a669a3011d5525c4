# frozen_string_literal: true
#
# carmine's digest/bubblebabble.so: the Bubble Babble encoding of
# digest/bubblebabble/bubblebabble.c, as Digest.bubblebabble,
# Digest::Instance#bubblebabble and Digest::Class.bubblebabble.
require "digest"

module Digest
  def self.bubblebabble(str)
    unless str.is_a?(String)
      raise TypeError, "no implicit conversion of #{str.nil? ? "nil" : str.class} into String" unless str.respond_to?(:to_str)
      str = str.to_str
    end
    bytes = str.bytes
    vowels = "aeiouy"
    cons = "bcdfghklmnprstvzx"
    seed = 1
    out = +"x"
    i = 0
    loop do
      if i >= bytes.size
        out << vowels[seed % 6] << cons[16] << vowels[seed / 6]
        break
      end
      b1 = bytes[i]
      out << vowels[(((b1 >> 6) & 3) + seed) % 6] << cons[(b1 >> 2) & 15] << vowels[((b1 & 3) + (seed / 6)) % 6]
      break if i + 1 >= bytes.size
      b2 = bytes[i + 1]
      out << cons[(b2 >> 4) & 15] << "-" << cons[b2 & 15]
      seed = (seed * 5 + b1 * 7 + b2) % 36
      i += 2
    end
    out << "x"
  end

  module Instance
    def bubblebabble = Digest.bubblebabble(digest)
  end

  class Class
    def self.bubblebabble(*args) = Digest.bubblebabble(digest(*args))
  end
end
