# ArgumentError messages for wrong number of arguments
def zero = 0
def one(a) = a
def range(a, b = 1) = a
def atleast(a, *b) = a
def post(a, *b, c) = a
def show
  yield
rescue ArgumentError => e
  puts e.message
end
show { zero(1) }
show { one }
show { one(1, 2) }
show { range }
show { range(1, 2, 3) }
show { atleast }
show { post(1) }
show { [1, 2].first(1, 2) }
show { "abc".center }
show { ->(x) { x }.call }
show { ->(x, y = 1) { x }.call(1, 2, 3) }
show { proc { |x| x }.call(1, 2, 3); puts "proc ok" }
show { Struct.new(:a).new(1, 2) }
