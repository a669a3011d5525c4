def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
s = "abc".freeze
%i[upcase! downcase! capitalize! swapcase! reverse! strip! chomp! chop! squeeze! succ! clear lstrip!].each do |m|
  t(m) { s.send(m) }
end
t(:append) { s << "d" }
t(:aset) { s[0] = "z" }
t(:replace) { s.replace("q") }
t(:gsub_bang) { s.gsub!(/z/, "y") }
t(:sub_bang_nomatch) { s.sub!("zz", "y") }
t(:insert) { s.insert(0, "x") }
t(:prepend) { s.prepend("x") }
t(:tr_bang) { s.tr!("a", "b") }
t(:force_encoding) { s.force_encoding("BINARY") }
t(:concat_empty) { s.concat("") }
t(:setbyte) { s.setbyte(0, 65) }
t(:nil_to_s) { nil.to_s << "a" }
t(:sym_to_s) { :a.to_s << "b" }
t(:int_to_s) { 1.to_s << "b" }
t(:plus_frozen) { (s + "d").frozen? }
t(:uplus) { (+s).frozen? }
t(:uminus) { (-"abc").equal?(-"abc") }
t(:dup) { s.dup << "x" }
