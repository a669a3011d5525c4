# Found by carmine-fuzz (run): a huge start index in Array#[]= overflowed
# an i64 addition (panic under overflow checks).
d = [1, 2, 3, 4, 5, 6]
begin
  d[9223372036854775807..-2] = d[1..-2].reverse
rescue => e
  p e.class, e.message
end
begin
  d[9223372036854775807, 2] = [1]
rescue => e
  p e.class, e.message
end
begin
  d[2, 9223372036854775807] = [1]
  p d
rescue => e
  p e.class, e.message
end
p d
