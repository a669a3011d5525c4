puts "raising"
raise SystemExit.new(3, "bye")
