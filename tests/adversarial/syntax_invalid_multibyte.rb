# carmine-check: status-only
x = 1
puts "ÿş" + ÿ
