# Character frequency, anagrams, vowels via String methods and Hash counting
words = %w[listen silent enlist google elgoog inlets banana]
groups = words.group_by { _1.chars.sort.join }
groups.each { |k, v| puts "#{k}: #{v.join(", ")}" }
freq = "mississippi".each_char.tally.sort_by { |c, n| [-n, c] }
p freq
p "The quick brown fox".downcase.count("aeiou")
p "banana".chars.uniq, "banana".chars.chunk_while { _1 == _2 }.map(&:join)
p "hello world".split.map(&:reverse).join(" ")
p "abcabc".index("c", 3), "abcabc".each_char.with_index.select { |c, _| c == "c" }.map(&:last)
