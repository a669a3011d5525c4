# String#crypt: the system's crypt(3) (traditional DES, MD5, SHA-256,
# SHA-512, bcrypt settings) and CRuby's argument errors.
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end
t("des") { "secret".crypt("ab") }
t("des8") { ["abcdefghijk".crypt("ab"), "abcdefgh".crypt("ab")] }
t("empty") { "".crypt("xy") }
t("utf8") { "é".crypt("ab") }
t("md5") { "secret".crypt("$1$saltsalt") }
t("sha256") { "secret".crypt("$5$saltsalt") }
t("sha512") { "secret".crypt("$6$saltsalt") }
t("rounds") { "secret".crypt("$6$rounds=5000$saltsalt$") }
t("bcrypt") { "secret".crypt("$2b$05$abcdefghijklmnopqrstuu") }
t("verify") { h = "pw".crypt("$6$xyz"); "pw".crypt(h) == h }
t("encoding") { "secret".crypt("ab").encoding }
t("trailing_nul") { "secret".crypt("abc\0d") }
t("bad_salt_chars") { "secret".crypt("!!") }
t("unknown_method") { "x".crypt("$7$abc") }
t("to_str") { o = Object.new; def o.to_str = "ab"; "secret".crypt(o) }
t("short") { "secret".crypt("a") }
t("empty_salt") { "secret".crypt("") }
t("nul_in_salt") { "secret".crypt("a\0b") }
t("nul_in_self") { "sec\0ret".crypt("ab") }
t("nil") { "secret".crypt(nil) }
t("int") { "secret".crypt(1) }
t("arity") { "secret".crypt }
