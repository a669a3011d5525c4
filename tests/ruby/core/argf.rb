# ARGF reads the files named in ARGV one after another.
File.write("argf_a.tmp", "one\ntwo\n")
File.write("argf_b.tmp", "three\n")
ARGV.replace(["argf_a.tmp", "argf_b.tmp"])
p ARGF, ARGF.filename, ARGF.gets, ARGF.lineno, ARGF.filename
p ARGF.gets, ARGF.gets, ARGF.filename, ARGF.lineno, ARGF.gets, ARGV
File.delete("argf_a.tmp", "argf_b.tmp")
