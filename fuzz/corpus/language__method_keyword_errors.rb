# CRuby's messages for keyword argument errors
def kw(a, b:, c: 1) = [a, b, c]
def show
  yield
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
show { kw(1) }
show { kw(1, b: 2, d: 3) }
show { kw(1, b: 2, d: 3, e: 4) }
show { kw(b: 2) }
show { kw(1, 2, b: 3) }
def kw2(x:, y:) = x + y
show { kw2 }
show { kw2(x: 1) }
show { kw2(1) }
def nokw(**nil); end
show { nokw(a: 1) }
