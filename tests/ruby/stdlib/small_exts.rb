# Small C extensions carmine replaces in Ruby: fcntl's constants,
# digest/bubblebabble, io/nonblock's flag, socket's IPSocket.getaddress
# (what resolv-replace wraps); did_you_mean is loaded from the start.
require "fcntl"
p Fcntl.constants.sort.map { |c| [c, Fcntl.const_get(c)] }
require "digest/bubblebabble"
require "digest/sha2"
p Digest.bubblebabble(""), Digest.bubblebabble("1234567890"), Digest.bubblebabble("a" * 7)
p Digest::MD5.bubblebabble("a"), Digest::SHA256.new.update("x").bubblebabble
p (Digest.bubblebabble(nil) rescue $!.class)
require "io/nonblock"
r, w = IO.pipe
p r.nonblock?, (r.nonblock = false), r.nonblock?, r.nonblock { r.nonblock? }, r.nonblock?
p $stdout.nonblock?, $stdin.nonblock(true) { $stdin.nonblock? }, $stdin.nonblock?
w.write("ok")
w.close
p r.read
require "socket"
p IPSocket.getaddress("127.0.0.1"), IPSocket.getaddress("::1"), IPSocket.getaddress("localhost")
require "resolv-replace"
p IPSocket.respond_to?(:original_resolv_getaddress)
p require("did_you_mean"), DidYouMean::SpellChecker.new(dictionary: %w[select reject]).correct("selct")
