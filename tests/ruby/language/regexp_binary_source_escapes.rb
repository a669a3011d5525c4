# -*- encoding: binary -*-
p(/\xAA/.match("\nA"))
p(/\xAA/.encoding, /\xAA/.source)
p(/\xAA/ =~ "\xAA")
p(/\x0AA/.match("\nA").to_a)
p(/\99999/.match("99999"))
p(/abc/, /abc/.options, /\xAA/, /\xAA/.options, /abc/.encoding)
