require 'yaml'
docs = ["{a: 1", "a: @x", "a:\n\tb: 1", "- a\nb: c", "a: [1, 2", "key: 'unterminated", "a: b: c", "? x\n: y\n", "&a [*a]", "a: *missing", "%YAML 1.1\n--- x", "--- !ruby/object:Foo\nx: 1\n", "a: 1\na: 2", "x: |\n  lit\n  more\ny: >\n  folded\n  text\n", "- !!int 12\n- !!float 1\n- !!str 3\n- 0x1F\n- 0o17\n- 1_000\n- .inf\n- -.INF\n- .nan\n- ~\n- yes\n- No\n- 2026-11-29\n- 2026-11-29 10:20:30 Z\n- :sym\n- 1e3\n"]
docs.each do |d|
  begin
    r = YAML.safe_load(d, permitted_classes: [], aliases: false)
    puts "ok #{r.inspect}"
  rescue Psych::SyntaxError => e
    puts "SyntaxError: #{e.message} | #{e.file.inspect} #{e.line} #{e.column} #{e.offset} #{e.problem.inspect} #{e.context.inspect}"
  rescue Psych::Exception => e
    puts "#{e.class}: #{e.message}"
  rescue => e
    puts "other #{e.class}: #{e.message}"
  end
end
begin
  YAML.load("a: [", filename: "conf.yml")
rescue Psych::SyntaxError => e
  puts e.message
end
p YAML.load("- :sym\n- 2026-11-29\n", permitted_classes: [Symbol, Date]) rescue p $!
p YAML.unsafe_load("--- !ruby/struct:Point\nx: 1\n") rescue p $!.class
p YAML.dump({ "a" => [1, 2.5, nil, true, "multi\nline", "  lead", "yes", "1.0", :s] })
p({ x: { y: [] }, "z" => {} }.to_yaml)
p YAML.load_file("/nonexistent.yml") rescue p $!.class
