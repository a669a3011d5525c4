# exit! ends the process without writing what a File still buffers.
$stdout.sync = true
out = File.open("/dev/stdout", "w")
out.write("lost\n")
puts "kept"
out2 = File.open("/dev/stdout", "w")
out2.write("flushed\n")
out2.flush
exit!(0)
