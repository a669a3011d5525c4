# Building case converters (snake, camel, kebab, title) out of String methods
def snake(s) = s.gsub(/([a-z\d])([A-Z])/, '\1_\2').gsub(/[-\s]+/, "_").downcase
def camel(s) = snake(s).split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
def pascal(s) = snake(s).split("_").map(&:capitalize).join
def kebab(s) = snake(s).tr("_", "-")
def title(s) = snake(s).split("_").map { %w[of the a and].include?(_1) ? _1 : _1.capitalize }.join(" ").sub(/^./, &:upcase)
["HelloWorld", "parse_http_response", "the-lord-of-the rings", "XMLParser", "a and b"].each do |s|
  puts [s, snake(s), camel(s), pascal(s), kebab(s), title(s)].join(" | ")
end
