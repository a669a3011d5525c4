# Array mutation: push/pop/shift/unshift/insert/delete/delete_at/delete_if/compact!/fill/clear
a = [1, 2, 3]
a.push(4, 5)
a << 6
p a, a.pop, a.pop(2), a
p a.shift, a, a.unshift(0, 0.5), a
a.insert(2, :x, :y)
p a
a.insert(-2, :neg)
p a
p a.delete(:x), a.delete(:zz), a.delete(:zz) { :nf }, a
p a.delete_at(0), a.delete_at(99), a
a.delete_if { _1.is_a?(Symbol) }
p a
b = [1, nil, 2, nil]
p b.compact!, b.compact!, b
p [1, 2, 3].fill(0), Array.new(4).fill { _1 * 3 }, [1, 2, 3, 4].fill(9, 2), [1, 2, 3].fill(7, 1, 1)
c = [3, 1, 2]
p c.sort!, c.reverse!, c.map! { _1 * 10 }, c.select! { _1 > 10 }, c.reject! { _1 > 100 }
p c.concat([1], [2]), c.replace([9]), c.clear
d = [1, 2, 3, 4, 5]
p d.slice!(1, 2), d, d.keep_if(&:odd?), d
e = [1, 1, 2, 3, 3]
p e.uniq!, e.uniq!, e.rotate!, e.size
