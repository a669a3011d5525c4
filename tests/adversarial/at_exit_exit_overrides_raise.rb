at_exit { exit 9 }
raise "original"
