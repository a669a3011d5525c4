require 'yaml/store'
path = "/tmp/carmine_yaml_store_#{$$}.yml"
s = YAML::Store.new(path)
s.transaction { s["a"] = [1, {"b" => :c}] }
s.transaction(true) { p s["a"] }
print File.read(path)
File.delete(path)
require 'psych'
p Psych::VERSION, Psych::LIBYAML_VERSION
p YAML.safe_load("a: 1", symbolize_names: true)
p [1, 2].to_yaml(line_width: 10)
p Psych.to_json({"a" => [1, "b"]})
