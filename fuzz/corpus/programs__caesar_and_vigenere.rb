# Caesar and Vigenere ciphers with round-trip checks
module Cipher
  A = "a".ord
  module_function
  def shift_char(c, k)
    return c unless c.match?(/[a-z]/i)
    base = c.match?(/[a-z]/) ? A : "A".ord
    ((c.ord - base + k) % 26 + base).chr
  end
  def caesar(s, k) = s.chars.map { shift_char(_1, k) }.join
  def vigenere(s, key, dir = 1)
    ks = key.downcase.chars.map { _1.ord - A }.cycle
    s.chars.map { |c| c.match?(/[a-z]/i) ? shift_char(c, dir * ks.next) : c }.join
  end
end
msg = "Attack at Dawn, Zebra!"
enc = Cipher.caesar(msg, 3)
p enc, Cipher.caesar(enc, -3)
p (0..25).map { Cipher.caesar("abc", _1) }.values_at(0, 1, 25)
v = Cipher.vigenere(msg, "Lemon")
p v, Cipher.vigenere(v, "Lemon", -1)
p Cipher.caesar(msg, 13) == msg.tr("A-Za-z", "N-ZA-Mn-za-m")
