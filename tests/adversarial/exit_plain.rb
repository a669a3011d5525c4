puts 1
exit
puts 2
