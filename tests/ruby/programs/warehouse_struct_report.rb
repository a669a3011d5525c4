# Warehouse report: CSV-ish parsing, grouping, formatting, Comparable, Enumerable chains
require 'set'

Item = Struct.new(:sku, :name, :qty, :price, :tags, keyword_init: true) do
  include Comparable
  def <=>(other) = [-value, sku] <=> [-other.value, other.sku]
  def value = qty * price
  def to_s = format("%-8s %-18s %4d x %8.2f = %10.2f", sku, name, qty, price, value)
end

RAW = <<~DATA
  sku,name,qty,price,tags
  A-100,Widget,12,3.50,metal|small
  B-220,Gadget Pro,3,129.99,electronic|large
  C-003,Sprocket,150,0.25,metal|tiny
  A-101,Widget XL,7,6.75,metal|large
  D-900,Cable (2m),40,4.10,electronic|small
  E-001,Manual,0,12.00,paper
  B-221,Gadget Mini,9,59.5,electronic|small
DATA

header, *rows = RAW.lines.map(&:chomp)
keys = header.split(",").map(&:to_sym)
items = rows.map do |line|
  fields = keys.zip(line.split(",")).to_h
  Item.new(sku: fields[:sku], name: fields[:name], qty: Integer(fields[:qty]),
           price: Float(fields[:price]), tags: fields[:tags].split("|").to_set)
end

puts "== sorted by value"
items.sort.each { |i| puts i }
puts "== by prefix"
items.group_by { _1.sku[0] }.sort.each do |prefix, group|
  total = group.sum(&:value)
  printf("%s: %d items, total %.2f, avg qty %.1f\n", prefix, group.size, total, group.sum(&:qty).fdiv(group.size))
end
puts "== tags"
tag_counts = items.flat_map { |i| i.tags.to_a }.tally.sort_by { |t, c| [-c, t] }
tag_counts.each { |t, c| puts "#{t.ljust(12, '.')}#{c}" }
electronic, other = items.partition { |i| i.tags.include?("electronic") }
puts "electronic: #{electronic.map(&:sku).join(', ')}"
puts "other: #{other.map(&:sku).inspect}"
out_of_stock = items.select { _1.qty.zero? }
puts "out of stock: #{out_of_stock.map(&:name)}"
puts "min/max: #{items.minmax_by(&:price).map(&:sku)}"
puts "each_slice:"
items.map(&:sku).each_slice(3).with_index(1) { |s, i| puts "  #{i}: #{s.join(' ')}" }
puts "each_cons sums: #{items.map(&:qty).each_cons(2).map { |a, b| a + b }}"
h = items.to_h { |i| [i.sku.to_sym, i.qty] }
p h.select { |k, v| v > 10 }
p h.min_by(2) { |_, v| v }
p h.sum { |_, v| v }
p items.first.to_h.except(:tags)
p items.first == items.first.dup
p items.sort.first(2).map(&:sku)
p items.each_with_object(Hash.new(0)) { |i, acc| acc[i.tags.size] += 1 }
p items.reduce(0) { |acc, i| acc + i.qty }
p items.chunk_while { |a, b| a.sku[0] == b.sku[0] }.map { |c| c.map(&:sku) }
p items.map(&:price).map { |x| x.round(1) }.uniq.sort.reverse
begin
  Item.new(sku: "X", nme: "typo")
rescue ArgumentError => e
  puts "error: #{e.message}"
end
p Item.members
s = items.find { _1.sku == "C-003" }
s.qty -= 50
puts s
p format("%05.1f|%+d|%x|%o|%e|%-5s|", 3.14159, 42, 255, 8, 12345.678, "ab")
p "%s and %p" % ["str", "str"]
p 1234567.89.round(-2), 10.0 / 3, 2**70, 7.0.to_s, 1e20.to_i, 1.23e-5
