(1999..2027).each do |y|
  [Time.utc(y, 1, 1), Time.utc(y, 1, 4), Time.utc(y, 12, 28), Time.utc(y, 12, 31), Time.utc(y, 12, 29), Time.utc(y, 1, 2), Time.utc(y, 1, 3)].each do |t|
    print t.strftime("%F %G %g %V %-V %_3V %U %W %a|"), " "
  end
  puts
end
t = Time.utc(2024, 2, 29, 13, 5, 9)
%w[%#b %#B %#a %#A %#p %#P %#Z %^Z %^p %^B %#h %^#b %10A %-10A %_10B %010B %#c %^c %+ %#x %E %O %Ey %Od %Q %q %10z %_10z %-z].each { |f| puts "#{f}=#{t.strftime(f).inspect}" }
l = Time.new(2024, 7, 1, 9, 3, 4, "-05:30")
%w[%z %:z %::z %Z %#Z %s %c].each { |f| puts "#{f}=#{l.strftime(f).inspect}" }
l = Time.new(2024, 7, 1, 9, 3, 4, "+05:30"); u=Time.utc(2024); n=Time.new(2024,1,1,0,0,0,"+00:00"); m = Time.new(2024,1,1,0,0,0,"-11:45")
[l,u,n,m].each{|t| p %w[%z %-z %_z %10z %_10z %-10z %:z %-:z %10:z %::z %_::z %12::z].map{|f| t.strftime(f)}}
p u.strftime("%10Z|%-10Z|%^10a|%#10p|%-5d|%E|%Ez|%OH|%Oy|%EY|%Ex|%Oz")
t=Time.utc(2024,2,29,13,5,9); p %w[%^c %#c %30c %-30c %^x %^v %#v %^r %#r %^R %12F %-12F %_12T %^+].map{|f| t.strftime(f)}
