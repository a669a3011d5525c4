# Word frequency counting with normalisation, ties broken alphabetically, histogram
text = <<~EOS
  The quick brown fox jumps over the lazy dog. The dog barks;
  the fox runs! A quick fox, a lazy dog... Dogs and foxes: the end.
EOS
words = text.downcase.scan(/[a-z']+/)
freq = words.each_with_object(Hash.new(0)) { |w, h| h[w] += 1 }
top = freq.sort_by { |w, c| [-c, w] }.first(6)
width = top.map { _1[0].size }.max
top.each { |w, c| puts "#{w.ljust(width)} #{"#" * c} (#{c})" }
p words.size, freq.size
p freq.select { |_, c| c == 1 }.keys.sort.first(5)
by_len = words.uniq.group_by(&:size).sort.map { |len, ws| "#{len}:#{ws.sort.join(",")}" }
puts by_len
p words.each_cons(2).map { _1.join(" ") }.tally.select { _2 > 1 }
