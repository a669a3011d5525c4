fn = "/tmp/carmine_kernel_p_flush_#{$$}.txt"
File.open(fn, "w") do |f|
  old = $stdout
  $stdout = f
  p("abcde")
  print "zz"
  $stdout = old
  p File.read(fn)
end
p File.read(fn)
File.delete(fn)
