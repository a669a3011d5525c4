# $LOAD_PATH of an installed CRuby 3.1 (Debian layout), require finding the
# real standard library, $LOADED_FEATURES recording its real path.
puts $LOAD_PATH
p require("abbrev"), require("abbrev.rb"), require("/usr/lib/ruby/3.1.0/abbrev.rb")
p $LOADED_FEATURES.grep(/abbrev/)
p %w[a].abbrev
