# frozen_string_literal: true magic comment and FrozenError message
# frozen_string_literal: true
s = "literal"
p s.frozen?
p "a#{1}b".frozen?
p String.new("x").frozen?
p (+s).frozen?
p (-"dyn").frozen?
begin
  s << "x"
rescue FrozenError => e
  p e.class, e.message
  p e.receiver
end
d = s.dup
d << "!"
p d
