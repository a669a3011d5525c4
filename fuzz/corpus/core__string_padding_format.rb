# center/ljust/rjust, strip family, formatting with padding, tables
p "abc".center(9), "abc".center(10, "*"), "abc".center(2)
p "abc".ljust(6, "-"), "abc".rjust(6, "0"), "abc".rjust(7, "12")
p "  pad  ".strip, "  pad  ".lstrip, "  pad  ".rstrip, "\t\n x \n".strip
p "xxhixx".delete_prefix("xx").delete_suffix("xx")
rows = [["Name", "Qty", "Price"], ["apple", 3, 1.5], ["kiwi", 12, 0.25]]
rows.each do |n, q, pr|
  puts "#{n.to_s.ljust(8)}|#{q.to_s.rjust(4)}|#{pr.is_a?(Float) ? format("%7.2f", pr) : pr.to_s.rjust(7)}"
end
puts "-" * 21
puts "Total".ljust(13) + format("%8.2f", 3 * 1.5 + 12 * 0.25)
p "a".center(4).size
p "title".center(21, "=~")
