require 'yaml'
[nil, "", "foo", :sym, 1, 1.5, true, {}, [], {a: nil, "b" => [1, 2, {"c" => "d"}], "e" => [[1, 2], []]},
 "multi\nline\n", "multi\nline", "trail\n\n", " lead", "trail ", "a: b", "- x", "#c", "a #b", "tab\there", "123", "1.5", "true", "null", "~", "",
 "y", "n", "<<", "'q'", "\"dq\"", "é ü", "\u2028x", "x" * 100, ("word " * 30).strip, {"long" => ("word " * 30).strip},
 ["a\nb", "c"], {"k\nk" => 1}, {[1,2] => 3}, 1e20, -0.0, Float::INFINITY, Float::NAN, 10**30, "0o17", "089", "1_000", ":notsym", "@x", "%x", "!x", "a,b", "[x]", "{x}", "a:b", "x:", "*x", "&x", "?x", "? x", "|x", ">x", "`x",
 "\x00bin".b, "caf\xC3\xA9".b, "  \n", "\n", "a\n", "a\n\n", "a  b", "\e"].each { |v| print v.inspect, " => ", v.to_yaml.inspect, "\n" }
a = [1]; print [a, a].to_yaml.inspect, "\n"
h = {"x" => 1}; print({"p" => h, "q" => h}.to_yaml.inspect, "\n")
print({"x" => {"y" => {"z" => [1, {"w" => nil}]}}}.to_yaml(indentation: 4))
print YAML.dump({"a" => "b " * 60}, line_width: -1)
print YAML.dump({"a" => "b " * 30}, line_width: 40)
print YAML.dump_stream(1, [2], {"x" => 3})
print [:a, {b: [:c, "d"]}, 3.25, -7, 2**70, "x\ty", "日本語"].to_yaml
print({1 => "one", nil => "nil", true => false, 2.5 => [], :s => {}}.to_yaml)
S = Struct.new(:x, :y)
print S.new(1, "two").to_yaml
class Foo; def initialize; @a = 1; @b = [:x]; end; end
print Foo.new.to_yaml
print YAML.dump("round") == "round".to_yaml ? "same\n" : "differ\n"
