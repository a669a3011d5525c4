# Array error messages: IndexError, ArgumentError, TypeError, FrozenError
def show
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
a = [1, 2, 3]
show { a.fetch(-5) }
show { a.fetch(7) }
show { a.first(-1) }
show { a[-10] = 1 }
show { a[1, -1] = [9] }
show { a.sample(random: 1) rescue raise ArgumentError, "sample avoided" }
show { Array.new(-1) }
show { a.take(-2) }
show { a + 1 }
show { a.flatten(1.5).size.then { puts "flatten float ok #{_1}" } }
show { a.zip(1) }
show { [3, nil, 1].sort }
show { a.combination }
show { a.freeze << 4 }
show { [1, 2].each_slice(0) }
show { [1, 2].max(-1) }
show { [1, 2].cycle(1) { raise IndexError, "raised inside cycle" } }
