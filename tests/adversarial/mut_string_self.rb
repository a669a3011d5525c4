def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:append_self) { s = +"ab"; s << s }
t(:concat_multi) { s = +"ab"; s.concat(s, s) }
t(:replace_self) { s = +"ab"; s.replace(s) }
t(:index_assign_self) { s = +"ab"; s[0, 1] = s; s }
t(:insert_self) { s = +"ab"; s.insert(1, s) }
t(:prepend_self) { s = +"ab"; s.prepend(s, s) }
t(:gsub_block_mod) { s = +"aaa"; s.gsub!(/a/) { s << "x" if s.size < 6; "b" }; s }
t(:gsub_block_mod2) { s = +"aaa"; s.gsub(/a/) { s.clear; "b" } }
t(:each_char_mod) { s = +"abc"; r = +""; s.each_char { |c| r << c; s << c if s.size < 6 }; [r, s] }
t(:each_line_mod) { s = +"a\nb\n"; r = []; s.each_line { |l| r << l; s.clear }; r }
t(:scan_mod) { s = +"abab"; s.scan(/a/) { s.replace("zz") } }
t(:sub_bang_self) { s = +"ab"; s.sub!("a", s); s }
t(:tr_self) { s = +"abc"; s.tr!(s, s.upcase); s }
t(:squeeze_self) { s = +"aabb"; s.squeeze!(s); s }
t(:center_self) { s = +"ab"; s.center(6, s) }
t(:split_self) { s = +"a,b"; s.split(s) }
t(:upto_mod) { s = +"a"; r = []; s.upto("e") { |x| r << x; s << "z" }; [r, s] }
t(:sum_big) { ("a" * 100_000).sum }
t(:succ_edge) { ["zz", "a9", "Zz", "", "\xff".b, "-9", "1.9.9"].map(&:succ) }
t(:chars_of_mutated) { s = +"abc"; e = s.each_char; e.next; s.clear; e.next rescue $!.class }
