require 'yaml'
["a: b: c", "key: \"unterminated", "x: 'open"].each do |bad|
  begin
    YAML.load(bad)
    puts "no error for #{bad.inspect}"
  rescue Psych::SyntaxError => e
    puts "#{e.class}: line #{e.line} col #{e.column} file #{e.file.inspect}"
    puts e.message
  end
end
begin
  YAML.load("a: b: c", filename: "conf.yml")
rescue Psych::SyntaxError => e
  puts e.message
end
p Psych::SyntaxError.ancestors.take(3)
[["--- :sym\n", {}], ["--- !ruby/object:Object {}\n", {}], ["--- 2020-01-02\n", {}],
 ["a: &x 1\nb: *x\n", {}], ["--- !ruby/object:Foo {}\n", {permitted_classes: [Object]}]].each do |src, opts|
  begin
    p YAML.safe_load(src, **opts)
  rescue => e
    p e.class, e.message
  end
end
begin
  YAML.safe_load("--- :other\n", permitted_classes: [Symbol], permitted_symbols: [:sym])
rescue => e
  p e.class, e.message
end
begin
  YAML.load("a: &x 1\nb: *x\n")
rescue => e
  p e.class, e.message
end
begin
  YAML.safe_dump(:sym)
rescue => e
  p e.class, e.message
end
p YAML.safe_dump({"a" => [1, "b"]})
["a: 1\nb: \xff", "a: 1\nb: x\xc3", "- 1\n- \xc3\x28"].each do |s|
  YAML.load(s)
rescue Psych::SyntaxError => e
  p [e.message, e.line, e.column, e.offset, e.problem, e.context]
end
begin
  YAML.unsafe_load("a: [*nope]\n")
rescue Psych::BadAlias => e
  p e.class, e.message
end
["[" * 300, "{a: " * 300].each do |s|
  YAML.load(s)
rescue Psych::SyntaxError, SystemStackError => e
  p e.class.ancestors.include?(Exception)
end
