# Kernel: loop result, puts/p/pp return, format, Array(), catch, frozen checks, caller-free
r = [1, 2, 3].each.with_index.to_a
p r
v = loop do
  break 5
end
p v
e = [1, 2].each
res = loop { e.next }
p res
p pp({a: 1})
p(p)
p [puts("x")]
p format("%05.1f|%s", 3.14159, :x), sprintf("%x", 255)
p Array(nil), Array([1]), Array(1..2), Array(a: 1)
p Integer === 5, String(5), Rational(1, 3) rescue p $!
p [1, 2].frozen?, "".dup.frozen?
p 5.instance_of?(Integer), 5.kind_of?(Comparable)
p __method__.inspect
p [1, 2, 3].sum.then { |s| s * 2 }
p (1..3).each_entry.to_a
p binding.local_variable_defined?(:r), binding.local_variables.size > 3
p caller.size
p print("printed\n")
$stdout.printf("%d-%d\n", 1, 2)
printf("%s!\n", "printf")
putc "A"
putc 66
puts
