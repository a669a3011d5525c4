# String literal forms and escapes
p "double\tquoted\n"
p 'single\tquoted\n'
p 'it''s'
p "a" "b" 'c'
p %q(single (nested) parens)
p %Q(double #{1 + 1})
p %(default #{:x})
p "\u00e9".length
p "\x41\x42"
p "\101"
p "tab\there"
puts "back\\slash"
puts 'quote\'s'
p "\e".ord
p "\s"
p ?a
p ?a + ?b
p "multi
line"
