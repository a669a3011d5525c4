# IO#external_encoding / #internal_encoding / #set_encoding on the
# standard streams, files and pipes.
require "tmpdir"

p STDIN.external_encoding, STDIN.internal_encoding
p STDOUT.external_encoding, STDERR.external_encoding, STDOUT.internal_encoding
Encoding.default_internal = nil
STDOUT.set_encoding(Encoding::IBM775, Encoding::IBM866)
p [STDOUT.external_encoding.name, STDOUT.internal_encoding.name]
STDOUT.set_encoding(nil)
p STDOUT.external_encoding

Dir.mktmpdir do |dir|
  path = File.join(dir, "a.txt")
  File.binwrite(path, "caf\xE9\n")
  File.open(path, "w") { |f| p [f.external_encoding, f.internal_encoding] }
  File.binwrite(path, "caf\xE9\n")
  File.open(path, "a+") { |f| p f.external_encoding }
  File.open(path, "rb") { |f| p f.external_encoding; p f.read.encoding }
  File.open(path, "r:iso-8859-1") do |f|
    p [f.external_encoding, f.internal_encoding]
    s = f.read
    p [s, s.encoding]
  end
  File.open(path, "r:iso-8859-1:utf-8") do |f|
    p [f.external_encoding, f.internal_encoding]
    s = f.read
    p [s, s.encoding]
  end
  File.open(path, encoding: "iso-8859-1") { |f| p f.external_encoding }
  File.open(path) do |f|
    f.set_encoding("ascii-8bit")
    p [f.external_encoding, f.internal_encoding]
    f.set_encoding("euc-jp:utf-8")
    p [f.external_encoding, f.internal_encoding]
    f.set_encoding("utf-8", "utf-8")
    p [f.external_encoding, f.internal_encoding]
  end
end

r, w = IO.pipe
p [r.external_encoding, w.external_encoding]
