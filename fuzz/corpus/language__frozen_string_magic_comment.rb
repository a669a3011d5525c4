# frozen_string_literal: true
# (magic comment on first line) literals frozen; FrozenError message names the string
s = "abc"
p s.frozen?
p s.equal?("abc")
begin
  s.upcase!
rescue => e
  puts "#{e.class}: #{e.message}"
end
t = "#{s}def"
p t.frozen?
t << "g"
p t
