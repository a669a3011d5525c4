# Word wrapping to a width and full justification of paragraphs
TEXT = "Ruby is a dynamic, open source programming language with a focus on simplicity and productivity. It has an elegant syntax that is natural to read and easy to write."
def wrap(text, width)
  text.split.each_with_object([[]]) do |w, lines|
    lines << [] if (lines.last + [w]).join(" ").size > width
    lines.last << w
  end
end
def justify(words, width)
  return words.join(" ") if words.size == 1
  gaps = words.size - 1
  spaces = width - words.sum(&:size)
  words.each_with_index.map { |w, i| i < gaps ? w + " " * (spaces / gaps + (i < spaces % gaps ? 1 : 0)) : w }.join
end
lines = wrap(TEXT, 30)
lines.each { puts "|#{_1.join(" ").ljust(30)}|" }
puts
lines[0..-2].each { puts "|#{justify(_1, 30)}|" }
puts "|#{lines.last.join(" ").ljust(30)}|"
p lines.map(&:size)
