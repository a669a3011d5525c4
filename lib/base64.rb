# frozen_string_literal: true
#
# Base64 (RFC 2045 / 4648) on top of String#unpack1 / Array#pack "m".
module Base64
  module_function

  def encode64(bin) = [bin].pack("m")

  def decode64(str) = str.unpack1("m")

  def strict_encode64(bin) = [bin].pack("m0")

  def strict_decode64(str) = str.unpack1("m0")

  def urlsafe_encode64(bin, padding: true)
    str = strict_encode64(bin)
    str = str.chomp("==").chomp("=") unless padding
    str.tr("+/", "-_")
  end

  def urlsafe_decode64(str)
    if !str.end_with?("=") && str.length % 4 != 0
      str = str.ljust((str.length + 3) & ~3, "=")
      str = str.tr("-_", "+/")
    else
      str = str.tr("-_", "+/")
    end
    strict_decode64(str)
  end
end
