# DATA: the main script opened after its __END__ line.
p DATA.class
p DATA.pos
p DATA.gets
p DATA.read
DATA.rewind
p DATA.gets
p Object.const_defined?(:DATA)
x = <<~TXT
  __END__ inside a heredoc does not count
TXT
p x
__END__
first line
second line
