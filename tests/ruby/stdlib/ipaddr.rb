# ipaddr on carmine's socket.so skeleton (ipaddr needs only the Socket
# constants): parsing, masks, ranges, IPv4/IPv6 conversions and errors.
require "ipaddr"
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end
net = IPAddr.new("192.168.1.0/24")
t("to_s") { [net.to_s, net.to_range.first.to_s, net.to_range.last.to_s, net.prefix] }
t("include") { [net.include?(IPAddr.new("192.168.1.77")), net === "192.168.2.1", net.include?("192.168.1.255")] }
t("mask") { IPAddr.new("10.20.30.40").mask(16).to_s }
t("ops") { a = IPAddr.new("10.0.0.1"); [(a | 0xff).to_s, (a & 0xffff0000).to_s, (a << 8).to_s, (~a).to_s, a.succ.to_s, a.to_i, a.hton.bytes] }
t("compare") { [IPAddr.new("10.0.0.1") <=> IPAddr.new("10.0.0.2"), IPAddr.new("10.0.0.1") == "10.0.0.1", %w[10.0.0.3 10.0.0.1 10.0.0.2].map { IPAddr.new(_1) }.sort.map(&:to_s)] }
t("v6") { v6 = IPAddr.new("2001:db8::1"); [v6.to_s, v6.to_string, v6.ipv6?, v6.ipv4?, v6.family == Socket::AF_INET6, v6.reverse] }
t("v6net") { IPAddr.new("2001:db8:abcd::/48").to_range.last.to_s }
t("mapped") { [IPAddr.new("192.168.0.1").ipv4_mapped.to_s, IPAddr.new("::ffff:10.1.2.3").native.to_s, IPAddr.new("192.168.0.1").ipv4_compat.to_s] }
t("private") { %w[10.1.1.1 172.16.5.4 8.8.8.8 fc00::1 127.0.0.1 169.254.1.1].map { a = IPAddr.new(_1); [a.private?, a.loopback?, a.link_local?] } }
t("reverse") { IPAddr.new("192.168.1.2").reverse }
t("inspect") { [IPAddr.new("1.2.3.4/8").inspect, IPAddr.new("::1").inspect] }
t("ntop") { IPAddr.ntop("\xC0\xA8\x01\x01".b) }
t("new_ntoh") { IPAddr.new_ntoh("\x0A\x00\x00\x01".b).to_s }
t("hash") { { IPAddr.new("1.1.1.1") => 1 }[IPAddr.new("1.1.1.1")] }
t("bad") { IPAddr.new("300.1.1.1") }
t("bad_mask") { IPAddr.new("10.0.0.0/33") }
t("bad_v6") { IPAddr.new("1::2::3") }
t("bad_family") { IPAddr.new("10.0.0.1", Socket::AF_INET6) }
t("empty") { IPAddr.new("") }
t("prefix_err") { IPAddr.new("10.0.0.0/8").prefix = 40 }
t("const") { [Socket::AF_INET, Socket::AF_INET6, Socket::AF_UNSPEC, Socket::SOCK_STREAM, Socket::IPPROTO_TCP] }
