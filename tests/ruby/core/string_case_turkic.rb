# String case mappings with the :turkic option (dotted/dotless i) beside
# the default Unicode ones, :lithuanian alone, and option errors.
words = ["iIİı", "istanbul", "IĞDIR", "ıi", "Diyarbakır", ""]
words.each do |w|
  p [w.upcase(:turkic), w.downcase(:turkic), w.swapcase(:turkic), w.capitalize(:turkic)]
  p [w.upcase, w.downcase, w.swapcase, w.capitalize]
end
p "iI".downcase(:lithuanian), "iI".downcase(:lithuanian, :turkic), "iI".upcase(:turkic, :lithuanian)
s = +"kilim"
p s.upcase!(:turkic), s, s.upcase!(:turkic)
p :iı.upcase(:turkic), :Iİ.downcase(:turkic)
[[:turkic, :ascii], [:fold, :turkic], [:ascii, :turkic], [:bogus], [:turkic, :lithuanian, :fold]].each do |opts|
  "x".upcase(*opts)
rescue ArgumentError => e
  p [opts, e.message]
end
p "İ".downcase(:fold), "I".downcase(:fold)
