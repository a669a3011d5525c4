# Hash store/delete/shift/clear/default and fetch/KeyError/dig errors
h = {x: 1}
h.store(:y, 2)
h[:z] = 3
p h, h.delete(:y), h.delete(:nope), h.delete(:nope) { |k| "no #{k}" }
p h.shift, h
h.clear
p h, h.shift
begin
  {a: 1}.fetch(:b)
rescue KeyError => e
  puts "#{e.class}: #{e.message}"
end
begin
  {"name" => 1}.fetch("nam")
rescue KeyError => e
  puts e.message.lines.first.chomp
end
p({a: 1}.fetch(:b, 0), {a: 1}.fetch(:b) { 99 })
begin
  {a: 1}.dig(:a, :b)
rescue TypeError => e
  p e.message
end
h3 = {b: 1, a: 2}
h3.delete_if { |k, _| k == :b }
p h3
h3.keep_if { true }
p h3.reject! { false }, h3.select! { true }
h4 = {1 => :a}
h4.default = :zz
p h4[2], h4.to_a, h4.default
h5 = Hash.new { |hash, key| "no #{key}" }
p h5[:q], h5.size, h5.fetch(:q, :fetch_ignores_default)
p({a: 1}.compare_by_identity.compare_by_identity?)
k = "key"
hh = {k => 1}
p hh.keys.first.frozen?, k.frozen?
