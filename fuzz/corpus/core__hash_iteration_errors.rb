# Adding keys while iterating a Hash raises; deleting is allowed; compare_by_identity
h = {a: 1, b: 2, c: 3}
begin
  h.each { |k, v| h[:"#{k}2"] = v }
rescue RuntimeError => e
  puts "#{e.class}: #{e.message}"
end
p h
h.each { |k, v| h.delete(k) if v.even? }
p h
h.each { |k, v| h[k] = v * 10 }
p h
id = {}.compare_by_identity
s1 = "key"
s2 = "key".dup
id[s1] = 1
id[s2] = 2
p id.size, id[s1], id["key".dup]
p id.compare_by_identity?, {}.compare_by_identity?
sym = {}.compare_by_identity
sym[:a] = 1
sym[:a] = 2
p sym
