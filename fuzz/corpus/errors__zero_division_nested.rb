# ZeroDivisionError raised three calls deep: backtrace with from lines
def fuga(x)
  10 / x
end
def hoge(x)
  fuga(x) + 1
end
def piyo
  [1, 0].map { |v| hoge(v) }
end
puts "start"
p piyo
