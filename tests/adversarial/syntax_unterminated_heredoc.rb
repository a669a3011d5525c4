# carmine-check: status-only
x = <<~EOS
  abc
puts x
