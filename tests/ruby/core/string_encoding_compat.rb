# Encoding compatibility of String operations (rb_enc_compatible /
# rb_enc_check / rb_str_comparable) between UTF-8, ASCII-8BIT and US-ASCII.
def show(label)
  r = yield
  if r.is_a?(String)
    puts "#{label}: #{r.inspect} #{r.encoding}"
  else
    puts "#{label}: #{r.inspect}"
  end
rescue => e
  puts "#{label}: #{e.class}: #{e.message}"
end

bin = "\xFF".b
bin_ascii = "abc".b
utf = "é"
utf_ascii = "abc"
us = "abc".force_encoding("US-ASCII")
us_broken = "\xFF".force_encoding("US-ASCII")
utf_broken = "\xFF"
empty_bin = "".b

show("bin + utf") { bin + utf }
show("utf + bin") { utf + bin }
show("bin_ascii + utf") { bin_ascii + utf }
show("utf + bin_ascii") { utf + bin_ascii }
show("bin + utf_ascii") { bin + utf_ascii }
show("utf_ascii + bin") { utf_ascii + bin }
show("us + utf") { us + utf }
show("utf + us") { utf + us }
show("us + bin") { us + bin }
show("us + us") { us + us }
show("us + utf_ascii") { us + utf_ascii }
show("utf_ascii + us") { utf_ascii + us }
show("empty_bin + utf") { empty_bin + utf }
show("utf + empty_bin") { utf + empty_bin }
show("utf_broken + bin") { utf_broken + bin }
show("bin + utf_broken") { bin + utf_broken }
show("us_broken + utf") { us_broken + utf }
show("utf + utf_broken") { utf + utf_broken }

show("bin << utf") { bin.dup << utf }
show("utf << bin") { utf.dup << bin }
show("bin_ascii << utf") { bin_ascii.dup << utf }
show("utf_ascii << bin") { utf_ascii.dup << bin }
show("us << utf") { us.dup << utf }
show("us << bin") { us.dup << bin }
show("empty_bin << utf") { empty_bin.dup << utf }
show("empty utf << bin") { +"" << bin }
show("utf.concat(bin)") { utf.dup.concat(bin) }
show("utf.concat(ascii, bin)") { utf.dup.concat("x", bin) }
show("bin_ascii.concat(utf, bin)") { bin_ascii.dup.concat(utf, bin) }
show("utf.prepend(bin)") { utf.dup.prepend(bin) }
show("bin.prepend(utf_ascii)") { bin.dup.prepend(utf_ascii) }
show("utf.insert(0, bin)") { utf.dup.insert(0, bin) }
show("<< leaves receiver alone on error") do
  s = utf.dup
  begin
    s << bin
  rescue Encoding::CompatibilityError
  end
  s
end

show("interp utf bin") { "#{utf}#{bin}" }
show("interp ascii bin") { "x#{bin}" }
show("interp bin ascii") { "#{bin}y" }
show("interp literal é with bin") { "é#{bin}" }
show("interp us") { "#{us}" }
show("interp us utf") { "#{us}#{utf}" }
show("interp bin_ascii utf") { "#{bin_ascii}#{utf}" }
show("interp number") { "#{1}#{bin}" }

show("join bin utf") { [bin, utf].join }
show("join utf bin") { [utf, bin].join }
show("join ascii bin") { ["x", bin].join }
show("join bin sep") { [bin, bin].join("é") }
show("join empty") { [].join }
show("join ints") { [1, 2].join }
show("join us") { [us, us].join }
show("join bin_ascii utf") { [bin_ascii, utf].join }
show("join nested") { [[bin], [utf]].join }

show("bin == utf_broken") { bin == utf_broken }
show("bin_ascii == utf_ascii") { bin_ascii == utf_ascii }
show("us == utf_ascii") { us == utf_ascii }
show("bin.eql?(utf_broken)") { bin.eql?(utf_broken) }
show("bin_ascii.eql?(utf_ascii)") { bin_ascii.eql?(utf_ascii) }
show("hash eq ascii") { bin_ascii.hash == utf_ascii.hash }
show("hash eq non-ascii") { bin.hash == utf_broken.hash }
show("hash key lookup bin") { { utf_broken => 1 }[bin] }
show("hash key lookup ascii") { { utf_ascii => 1 }[bin_ascii] }
show("bin <=> utf_broken") { bin <=> utf_broken }
show("utf_broken <=> bin") { utf_broken <=> bin }
show("us_broken <=> utf_broken") { us_broken <=> utf_broken }
show("bin_ascii <=> utf_ascii") { bin_ascii <=> utf_ascii }
show("uniq") { [bin, utf_broken, bin_ascii, utf_ascii].uniq.size }
show("case when") do
  case bin
  when utf_broken then :same
  else :different
  end
end

show("bin.include?(utf)") { bin.include?(utf) }
show("utf.include?(bin)") { utf.include?(bin) }
show("bin.include?(utf_ascii)") { bin.include?("a") }
show("bin.start_with?(utf)") { bin.start_with?(utf) }
show("bin.end_with?(utf)") { bin.end_with?(utf) }
show("utf.start_with?(bin_ascii)") { utf.start_with?(bin_ascii) }
show("bin.index(utf)") { bin.index(utf) }
show("utf.index(bin)") { utf.index(bin) }
show("bin.rindex(utf)") { bin.rindex(utf) }

e = Encoding::CompatibilityError
p e.ancestors.take(4)
p e.superclass

# Which check comes first, and a few more joins.
show("frozen << incompatible") { "é".freeze << bin }
show("frozen concat incompatible") { "é".freeze.concat(bin, bin) }
show("frozen + incompatible") { "é".freeze + bin }
show("ary * sep") { [bin, bin] * "-" }
show("ary * utf sep") { [bin, bin] * "é" }
show("join nil") { [bin, nil, utf_ascii].join }
o = Object.new
def o.to_s = "\xFE".b
show("join to_s binary") { ["é", o].join }
show("join to_s binary first") { [o, "x"].join }
show("recursive") { a = [1]; b = [a]; a << b; a.join }
show("concat self") { s = bin.dup; s.concat(s, s) }
show("<< self") { s = utf.dup; s << s }
show("sym to_s") { "#{:abc}#{bin}" }
show("s[0] = bin") { s = utf.dup; s[0] = bin; s }
show("s[0] = ascii bin") { s = utf.dup; s[0] = bin_ascii; s }
