# Deflate output is byte-identical to CRuby's (system zlib) at every
# compression level 1..9, for zlib, raw and gzip-wrapped streams and the
# one-shot helpers. Digests stand in for long outputs.
require 'zlib'
require 'digest'
require 'stringio'

inputs = {
  "empty" => "",
  "abc" => "abc" * 100,
  "text" => ("The quick brown fox jumps over the lazy dog. " * 40) + (1..500).map(&:to_s).join(","),
  "squares" => (0..20000).map { |x| (x * x % 251).chr }.join.b,
  "lcg" => begin
    s = 12345
    Array.new(60000) { s = (s * 1103515245 + 12345) & 0x7fffffff; (s >> 16) % 7 == 0 ? s & 0xff : 97 + (s >> 8) % 3 }.pack("C*")
  end,
}

inputs.each do |name, data|
  (1..9).each do |level|
    z = Zlib::Deflate.deflate(data, level)
    puts "#{name} L#{level} #{z.bytesize} #{Digest::MD5.hexdigest(z)}"
    raise "roundtrip" unless Zlib::Inflate.inflate(z) == data
  end
  z = Zlib.deflate(data)
  puts "#{name} default #{z.bytesize} #{Digest::MD5.hexdigest(z)}"
end

p Zlib::Deflate.deflate("abc" * 100).unpack1("H*")
p Zlib::Deflate.deflate("hello hello hello", Zlib::BEST_COMPRESSION).unpack1("H*")
p Zlib.deflate("", Zlib::BEST_SPEED).unpack1("H*")

[[Zlib::DEFAULT_COMPRESSION, 15], [1, 15], [9, -15], [3, -15], [9, 31]].each do |level, wbits|
  d = Zlib::Deflate.new(level, wbits)
  data = inputs["text"] + inputs["abc"]
  z = d.deflate(data, Zlib::FINISH)
  d.close
  puts "stream L#{level} W#{wbits} #{z.bytesize} #{Digest::MD5.hexdigest(z)}"
end

sio = StringIO.new("".b)
gz = Zlib::GzipWriter.new(sio, 9)
gz.mtime = 1_000_000
gz.write(inputs["text"])
gz.close
p sio.string.bytesize, Digest::MD5.hexdigest(sio.string)
