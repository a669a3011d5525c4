def boom(n) = n.zero? ? raise(ArgumentError, "deep \\ fail\ttab\x01") : boom(n - 1)
def wrap
  boom(3)
rescue => e
  raise KeyError, "wrapped:\nsecond line\r\n\nlast"
end
begin
  wrap
rescue => e
  puts e.full_message
  puts e.full_message(highlight: false, order: :top)
  puts e.full_message(highlight: true).inspect
  puts e.full_message(order: :bottom)
  puts e.full_message(highlight: true, order: :bottom).inspect
  [{ highlight: 1 }, { order: :middle }, { order: "bottom" }, { order: nil }, { order: 1 }, { highlight: nil }].each do |kw|
    puts e.full_message(**kw)
  rescue ArgumentError, TypeError => x
    puts "#{x.class}: #{x.message}"
  end
end
anon = Class.new(StandardError)
puts anon.new("multi\nline").full_message
puts anon.new("").full_message.sub(/0x\h+/, "0xX")
p anon.new("x").full_message.encoding, RuntimeError.new("\u00e9").full_message.encoding
begin
  e.full_message(1)
rescue ArgumentError => x
  puts x.message
end
puts RuntimeError.new("").full_message(highlight: true).inspect
puts StandardError.new("").full_message(highlight: true).inspect
puts RuntimeError.new("one\n\ntwo\n").full_message(highlight: true).inspect
require 'stringio'
$stderr = StringIO.new
t = Thread.new { raise IOError, "in thread \\ x\e[0m" }
t.join rescue puts "joined: #{$!.message.inspect}"
print $stderr.string.sub(/0x\h+/, "0xX")
$stderr = STDERR
raise anon, "top \\ level\x7f\nrest \\ too"
