# The encoding a magic comment names: __ENCODING__ and string literals of
# files, loaded files and eval'd code (also inside blocks, which see the
# caller's locals), in every spelling CRuby accepts.
require "tmpdir"

big5 = "\xA7A\xA6n".b
sources = {
  "plain" => "# encoding: big5\n",
  "case" => "# CoDiNg:   bIg5\n",
  "shebang" => "#!/usr/bin/ruby\n# encoding: big5\n",
  "emacs" => "# -*- encoding: big5 -*-\n",
  "vim" => "# vim: filetype=ruby, fileencoding=big5, tabsize=3\n",
  "second line" => "\n# encoding: big5\n",
  "second token" => "1 # encoding: big5\n",
  "euc-jp" => "# coding: euc-jp\n",
  "binary" => "# encoding: binary\n",
  "us-ascii" => "# encoding: us-ascii\n",
}

Dir.mktmpdir do |dir|
  sources.each do |label, head|
    lit = head.include?("big5") && !label.start_with?("second") ? "'#{big5}'" : '"\\xA7A\\xA6n"'
    body = head.b + "$r = [__ENCODING__.name, #{lit}.encoding.name, #{lit}.bytes, \"x\#{1}\".encoding.name]\n".b
    path = File.join(dir, "#{label.tr(' ', '_')}.rb")
    File.binwrite(path, body)
    load path
    puts "load #{label}: #{$r.inspect}"
    local = 1
    r = [1].map { eval(body.dup.force_encoding("UTF-8")); [$r[0], $r[1], local] }
    puts "eval in block #{label}: #{r.inspect}"
    eval(body.dup.force_encoding("UTF-8"))
    puts "eval #{label}: #{$r.inspect}"
  end
end

# Arguments of a spawned command keep their bytes.
out = IO.popen(["printf", "%s", "a#{big5}b".force_encoding("UTF-8")], &:read)
p out.bytes
