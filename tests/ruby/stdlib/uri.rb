require 'uri'
u = URI.parse("http://user:pw@example.com:8080/a/b.html?x=1&y=2#frag")
p u, u.class, u.scheme, u.host, u.port, u.path, u.query, u.fragment, u.userinfo, u.user, u.password
p u.to_s, u.request_uri, u.absolute?, u.relative?, u.default_port
h = URI("https://example.org/")
p h.class, h.port, h.path, h + "x/y", h.merge("../z?q=1").to_s
p URI.join("http://a/b/c/d;p?q", "../g").to_s, URI.join("http://a/b/c/d;p?q", "g?y#s").to_s
r = URI.parse("/relative/path?k=v")
p r.class, r.path, r.relative?, r.host
p URI.parse("mailto:someone@example.com").class, URI.parse("ftp://ftp.example.com/pub/file.txt").path
p URI.parse("file:///etc/hosts").path
p URI.encode_www_form(a: 1, b: "x y", c: ["p", "q"]), URI.decode_www_form("a=1&b=x+y&c=%26")
p URI.encode_www_form_component("a b&c/d?~"), URI.decode_www_form_component("a+b%26c%2Fd")
p URI.encode_uri_component("a b") if URI.respond_to?(:encode_uri_component)
p URI.split("http://h.com:81/p?q#f")
p URI.extract("see http://a.com/x and https://b.org/y?z=1 ok") rescue p $!
p URI::HTTP.build(host: "www.example.com", path: "/foo/bar", query: "a=b").to_s
u2 = u.dup; u2.host = "other.net"; u2.port = 9000; u2.path = "/new"; u2.query = nil
p u2.to_s, u == URI.parse(u.to_s), u.normalize.to_s
p URI.parse("HTTP://EXAMPLE.com/%7Efoo").normalize.to_s
p URI.parse("http://[::1]:3000/x").host, URI.parse("http://[::1]:3000/x").hostname
p URI.parse("http://192.168.0.1/").host
p URI.regexp.match?("x http://y.com z") rescue p $!
p URI.parse("http://example.com/a b".gsub(" ", "%20")).path
p URI.scheme_list.keys.sort.first(5)
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { URI.parse("http://exa mple.com/") }
t { URI.parse("http://example.com:port/") }
t { URI.parse(nil) }
t { URI.parse(3) }
t { URI("::::") }
t { URI::HTTP.build(host: "a b") }
t { URI.parse("http://x.com/").port = "abc" }
t { URI.decode_www_form("%%%") }
t { URI.join("http://a/", 5) }
