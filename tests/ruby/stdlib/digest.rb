require 'digest'
p Digest::MD5.hexdigest("abc"), Digest::SHA1.hexdigest("abc"), Digest::SHA256.hexdigest("abc")
p Digest::SHA384.hexdigest("abc"), Digest::SHA512.hexdigest("")
p Digest::RMD160.hexdigest("abc")
p Digest::MD5.base64digest("abc"), Digest::SHA256.digest("abc").bytesize
d = Digest::SHA256.new
d << "a"; d.update("b")
p d.hexdigest, d.to_s, d.length, d.size, d.digest_length, d.block_length
e = d.dup
e << "c"
p d.hexdigest == Digest::SHA256.hexdigest("ab"), e == Digest::SHA256.new.update("abc"), e == e.hexdigest, e == 3
p d.reset.hexdigest
p d.hexdigest("xyz"), d.hexdigest
p d.digest!.bytesize, d.hexdigest!
p Digest::SHA2.new(384).hexdigest("abc") == Digest::SHA384.hexdigest("abc"), Digest::SHA2.hexdigest("abc")
p Digest::SHA2.new.inspect, Digest::MD5.new.inspect
p Digest::MD5.new.new.class, Digest(:SHA1), Digest("MD5")
File.write("digest_input.tmp", "hello\n" * 1000)
p Digest::SHA1.file("digest_input.tmp").hexdigest, Digest::MD5.new.file("digest_input.tmp").base64digest
p Digest.hexencode("\x01\xff")
class MyMD5 < Digest::MD5; end
p MyMD5.hexdigest("a")
def t; yield; rescue Exception => e; p e; end
t { Digest::Base.new }
t { Digest::SHA2.new(100) }
t { Digest.hexencode(3) }
t { Digest::MD5.new("x") }
t { Digest(:Foo) }
t { Digest::MD5.digest }
t { Digest::MD5.hexdigest(1) }
t { Digest::MD5.new.update(nil) }
t { Digest::SHA1.new << :sym }
class NoAlgo; include Digest::Instance; end; c = NoAlgo
t { c.new.update("x") } 
t { c.new.hexdigest }
require 'digest/md5'
require 'digest/sha1'
p $LOADED_FEATURES.grep(/digest/).map { |f| File.basename(f) }.sort
File.delete("digest_input.tmp")
