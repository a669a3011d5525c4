begin
  at_exit
rescue ArgumentError => e
  p e.message
end
p at_exit { }.class
