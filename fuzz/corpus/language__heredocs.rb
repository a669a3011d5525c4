# Heredoc forms: <<~, <<-, plain, quoted, multiple on one line
a = <<~TEXT
  Indented
    more indented
  back
TEXT
puts a
b = <<-EOS
    keeps indentation
    EOS
puts b
x = 5
c = <<~"INTERP"
  x is #{x}
  twice is #{x * 2}
INTERP
puts c
d = <<~'RAW'
  no #{interp} here\n
RAW
puts d
def two(a, b) = a + "|" + b
puts two(<<~ONE, <<~TWO)
  first
ONE
  second
TWO
e = <<~E.lines.map(&:strip).join(",")
  l1
  l2
E
p e
p <<~EMPTY

  blank lines

EMPTY
