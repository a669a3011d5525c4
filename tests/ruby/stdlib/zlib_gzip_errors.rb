# A gzip stream too short for its 10-byte header: GzipReader reads the
# header when it is made and calls that "not in gzip format" (with the
# input), Zlib.gunzip calls it "unexpected end of string".
require "zlib"
require "stringio"

["", "x", "ab", "\x1f\x8b", "\x1f\x8bxx", "abcdefghi", "abcdefghijkl"].each do |s|
  begin
    Zlib::GzipReader.new(StringIO.new(s.b))
    puts "reader #{s.inspect}: ok"
  rescue Zlib::GzipFile::Error => e
    puts "reader #{s.inspect}: #{e.class}: #{e.message} (input #{e.input.inspect})"
  end
  begin
    Zlib.gunzip(s.b)
    puts "gunzip #{s.inspect}: ok"
  rescue Zlib::GzipFile::Error => e
    puts "gunzip #{s.inspect}: #{e.class}: #{e.message}"
  end
end
good = Zlib.gzip("payload")
p Zlib::GzipReader.new(StringIO.new(good)).read
