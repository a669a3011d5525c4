3.times { END { puts :e } }
at_exit { puts :a }
END { puts :e2 }
puts :main
END { raise "from END" }
