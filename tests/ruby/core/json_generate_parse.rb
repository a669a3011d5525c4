# require "json": generate, pretty_generate (empty containers as the gem prints them), to_json on core objects, parse with options and the gem's error messages.
require 'json'
begin; JSON.parse("{\"a\": tru}"); rescue => e; p e.class, e.message; end; begin; JSON.parse(""); rescue => e; p e.message; end; begin; JSON.parse("[1,]"); rescue => e; p e.message; end; p JSON::VERSION; puts JSON.pretty_generate({a: [], b: {}, c: [1, {d: nil}], "e" => 1.5, f: "x\u0001\"/\\é\n"}); puts({a: 1, b: [1.0, 2e20, 1e-5, true]}.to_json); p JSON.parse(%q({"a": [1, 2.5, "x\u00e9\n", null, true, 1e3, -0, 12345678901234567890]}), symbolize_names: true); p [1,"a",nil].to_json, "str".to_json, nil.to_json, :sym.to_json, 1.0.to_json; begin; JSON.generate(0.0/0); rescue => e; p e.class, e.message; end; p JSON.dump({a: 1}), JSON.parse("2"), JSON.parse("\"s\""); class Foo; def to_s = "FOO"; end; p Foo.new.to_json, JSON.generate(Foo.new); p JSON.parse("{\"a\":1}", object_class: Hash)
p JSON.parse('"\ud83d\ude00 \u00e9"'), JSON.parse(' [ {"x" : [ ] } , 3 ] ')
data = { "users" => [{ "name" => "Ann", "age" => 31, "tags" => ["a", "b"] }, { "name" => "Bob", "age" => nil }] }
s = JSON.pretty_generate(data)
puts s
p JSON.parse(s) == data
puts JSON.generate([[], {}, [[]]]), JSON.pretty_generate([]), JSON.pretty_generate({}), JSON.pretty_generate([[]])
