# carmine-check: status-only
puts "abc
