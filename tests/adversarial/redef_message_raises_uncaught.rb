class BadErr < StandardError
  def message = raise("inner")
end
puts "before"
raise BadErr, "outer"
