require 'date'
d = DateTime.new(2024, 2, 29, 13, 5, 9, "+05:30")
%w[%G %g %V %u %w %C %y %e %k %l %P %p %Z %z %:z %::z %c %x %X %D %F %T %R %r %h %+ %v %-d %_m %^a %#b %10N %3N %-I %010Y %-z %10z %_10z %^c %#c %30c %Ey %Od %Ez %Q %s %L %j %U %W].each { |f| puts "#{f}=#{d.strftime(f).inspect} #{d.to_date.strftime(f).inspect}" }
[DateTime.new(2024, 2, 29, 13, 5, 9, "-05:30"), DateTime.new(2024, 2, 29, 1, 5, 9), Date.new(2021, 1, 3)].each do |t|
  p %w[%z %-z %_z %10z %_10z %-10z %:z %-:z %10:z %::z %_::z %12::z %^c %#c %30c %-30c %^x %^v %#v %^r %#r %^R %12F %-12F %_12T %^+ %#+ %10Z %-10Z %^10a %#10p %#P %-5d %E %Ez %OH %Oy %EY %Ex %Oz %G-%V %g].map { |f| t.strftime(f) }
end
