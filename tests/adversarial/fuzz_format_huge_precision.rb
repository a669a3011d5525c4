# Found by carmine-fuzz (run): a huge %f/%e/%g precision expanded digits
# with big integers for minutes (CRuby pads zeros at once).
s = format("%05.100000000f|", 4.25)
p s.size, s[0, 12], s[-3..]
p format("%.900e", 1.0 / 3)[760, 20], format("%.100000e", 2.5).size
p format("%.1000g", 0.1)[0, 30], format("%#.900g", 1.5).size, format("%.30f", 1e-10)
p format("%.2000f", 0.1)[1070, 20]
