# $stdout and $stderr are write-only: reading them raises IOError instead
# of reading standard input.
[
  -> { $stdout.gets },
  -> { $stderr.read },
  -> { $stdout.readline },
  -> { $stdout.each_line { |l| p l } },
  -> { STDERR.readlines },
  -> { $stdout.flush.reject { |x| x % 3 == 0 } },
  -> { $stdout.getc },
].each do |f|
  begin
    p f.call
  rescue IOError => e
    puts "#{e.class}: #{e.message}"
  end
end
