# Case-mapping options of String (and Symbol) upcase/downcase/capitalize/
# swapcase and their bang forms: the accepted combinations and CRuby's
# ArgumentError messages for the rest, checked before the frozen test.
%i[upcase downcase capitalize swapcase upcase! downcase! capitalize! swapcase!].each do |m|
  [[], [:ascii], [:turkic], [:lithuanian], [:fold], [:turkic, :lithuanian], [:lithuanian, :turkic], [:turkic, :x], [:lithuanian, :ascii], [:ascii, :turkic], [:fold, :ascii], [1], ["ascii"], [:x], [:ascii, :ascii, :ascii], [nil]].each do |args|
    r = begin
      (+"aBc").send(m, *args).inspect
    rescue => e
      "#{e.class}: #{e.message}"
    end
    puts "#{m}(#{args.map(&:inspect).join(', ')}) #{r}"
  end
end
p :sym.upcase(:ascii), (:sym.downcase(:fold) rescue $!), (:sym.upcase(1) rescue $!)
p(((+"abc").freeze.upcase!(:bad) rescue $!))
p(((+"abc").freeze.upcase!(:ascii) rescue $!))
p "ǅ".downcase(:fold), "ÀB".downcase(:ascii), "àb".upcase(:ascii), "àb".capitalize(:turkic)
